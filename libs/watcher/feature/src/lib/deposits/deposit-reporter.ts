import { engineInputId } from '@swap/contracts';
import type { Network } from '@swap/domain';
import type { Deposit, DepositReport, DepositRepository } from '@swap/watcher-data';
import type { WatcherLogger } from '../watcher.logger';
import { confirmationsAt, isSettled, observation } from './deposit-observation';
import type { DepositPublisher } from './deposit.publisher';

/**
 * Tells the engine every deposit state it has not acknowledged yet. A state counts as told only
 * once JetStream acknowledged it (at least once; the message id makes a repeat harmless).
 */
export class DepositReporter {
  constructor(
    private readonly deposits: DepositRepository,
    private readonly publisher: DepositPublisher,
    private readonly network: Network,
    private readonly clock: () => number,
    private readonly logger: WatcherLogger,
  ) {}

  /** The chain is followed up to `height`. Returns how many messages were published. */
  async report(height: number): Promise<number> {
    let published = 0;
    for (const deposit of await this.deposits.unsettled(this.network)) {
      // Its block left the chain: where it went is decided once the new chain has been scanned.
      if (deposit.state === 'orphaned') continue;
      const message = observation(deposit, height, this.clock());
      const publishedId = engineInputId(message);
      if (publishedId !== deposit.publishedId) {
        await this.publisher.publish(message);
        published++;
        this.logger.info(
          {
            depositId: deposit.id,
            swapId: deposit.swapId,
            confirmations: message.confirmations,
            blockHeight: message.blockHeight,
            reverted: message.reverted,
          },
          message.reverted ? 'deposit reverted' : 'deposit reported',
        );
      }
      const report = {
        confirmations: confirmationsAt(deposit, height),
        publishedId,
        settled: isSettled(deposit, height),
      };
      if (changed(deposit, report)) await this.deposits.markReported(deposit.id, report);
    }
    return published;
  }
}

const changed = (deposit: Deposit, report: DepositReport): boolean =>
  deposit.confirmations !== report.confirmations ||
  deposit.publishedId !== report.publishedId ||
  deposit.settled !== report.settled;
