import type { Logger, Clock } from '@swap/domain';
import type { PayoutProgress } from '@swap/contracts';
import type { Transfer, TransferReports } from '@swap/treasury-data';

import { payoutProgress } from './payout-progress';

/** Sends a payout's progress to the swap's actor (the engine inbox), de-duplicated by its id. */
export type ProgressSink = (progress: PayoutProgress) => Promise<void>;

/**
 * Reports each payout state once it is committed; a report that could not be sent stays due
 * (reported_version < version) and goes out with the next flush, so none is lost to a bus outage.
 */
export class ProgressReporter {
  /** Reports on their way, by transfer and version: a flush meanwhile waits for them, not sends again. */
  private readonly sending = new Map<string, Promise<void>>();

  constructor(
    private readonly transfers: TransferReports,
    private readonly sink: ProgressSink,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async report(transfer: Transfer): Promise<void> {
    const key = `${transfer.id}@${transfer.version}`;
    const underway = this.sending.get(key);
    if (underway) return underway;
    const report = this.send(transfer).finally(() => this.sending.delete(key));
    this.sending.set(key, report);
    return report;
  }

  private async send(transfer: Transfer): Promise<void> {
    const progress = payoutProgress(transfer, this.clock());
    if (!progress) return;
    try {
      await this.sink(progress);
      await this.transfers.markReported(transfer.id, transfer.version);
    } catch (err) {
      this.logger.warn({ err, transferId: transfer.id }, 'payout progress not reported; will retry');
    }
  }

  /** Reports every payout state still unreported. */
  async flush(): Promise<void> {
    for (const transfer of await this.transfers.unreported()) await this.report(transfer);
  }
}
