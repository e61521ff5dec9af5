import type { Bus } from '@swap/bus';
import { engineInbox, engineInputId, RefundProgress } from '@swap/contracts';
import type { Refund } from '@swap/refunds-data';

/** The progress message the swap's actor gets for a refund in its current state. */
export function refundProgress(refund: Refund, now: number): RefundProgress {
  return {
    kind: 'refund',
    swapId: refund.swapId,
    refundId: refund.refundId,
    state: refund.state === 'FAILED' ? 'failed' : refund.state === 'CONFIRMED' ? 'confirmed' : 'sent',
    txid: refund.txid,
    fee: refund.fee === null ? null : refund.fee.toString(),
    feeCurrency: refund.feeCurrency,
    confirmations: refund.confirmations,
    reason: refund.reason,
    observedAt: now,
  };
}

/**
 * `<state>:<confirmations>`, and `:<generation>` once a transaction of it expired and was signed
 * again (a new txid to report): what `reported` holds once the engine has this state.
 */
export const reportKey = (refund: Refund): string =>
  `${refund.state}:${refund.confirmations}${refund.generation > 0 ? `:${refund.generation}` : ''}`;

export interface ProgressPublisher {
  publish(progress: RefundProgress): Promise<void>;
}

/** Publishes to the swap's inbox subject, de-duplicated by the progress id. */
export class InboxPublisher implements ProgressPublisher {
  constructor(private readonly bus: Bus) {}

  async publish(progress: RefundProgress): Promise<void> {
    await this.bus.publish(engineInbox, [progress.swapId], progress, { msgId: engineInputId(progress) });
  }
}
