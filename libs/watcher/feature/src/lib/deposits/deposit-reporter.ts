import { engineInputId, type DepositObserved } from '@swap/contracts';
import type { Network, Logger, Clock } from '@swap/domain';
import type { Deposit, DepositRepository, LastReport } from '@swap/watcher-data';
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
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /**
   * The chain is followed up to `height`. Returns how many messages were published. Deposits
   * reaching their threshold go last: one just mined is told before another one to the same
   * address reaches its threshold in the same block, so the engine credits them together (rule 1).
   */
  async report(height: number): Promise<number> {
    let published = 0;
    const now = this.clock();
    const unsettled = (await this.deposits.unsettled(this.network))
      // Orphaned: where its block went is decided once the new chain has been scanned.
      .filter((deposit) => deposit.state !== 'orphaned');
    if (unsettled.length === 0) return 0;
    const swapIds = [...new Set(unsettled.map((deposit) => deposit.swapId))];
    const mined = await this.deposits.minedPerSwap(this.network, swapIds);
    const states = unsettled
      .map((deposit) => ({
        deposit,
        message: { ...observation(deposit, height, now), minedDeposits: mined.get(deposit.swapId) ?? 0 },
        settled: isSettled(deposit, height),
      }))
      // A stable sort: otherwise deposits keep the order they were seen in.
      .sort((a, b) => Number(reachesThreshold(a)) - Number(reachesThreshold(b)));
    for (const { deposit, message, settled } of states) {
      const publishedId = engineInputId(message);
      if (publishedId !== deposit.publishedId) {
        await this.publisher.publish(message, deposit.reports);
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
      const report = { confirmations: confirmationsAt(deposit, height), publishedId, settled };
      if (changed(deposit, report)) await this.deposits.markReported(deposit, report);
    }
    return published;
  }
}

/** Settled in a block: its confirmations are complete (a reverted deposit settles too, with none). */
const reachesThreshold = (state: { message: DepositObserved; settled: boolean }): boolean =>
  state.settled && !state.message.reverted;

const changed = (deposit: Deposit, report: LastReport): boolean =>
  deposit.confirmations !== report.confirmations ||
  deposit.publishedId !== report.publishedId ||
  deposit.settled !== report.settled;
