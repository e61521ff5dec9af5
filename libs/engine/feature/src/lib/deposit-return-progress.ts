import type { RefundProgress } from '@swap/contracts';
import { DepositReturnRepository, OutboxMessage, SwapRepository } from '@swap/engine-data';
import { depositReturnEvent } from './deposit-returns';
import type { JobLogger } from './expiry.job';

/**
 * The refunds service's progress of a deposit's return (a refund whose id is the return's): the
 * return's state, confirmations and transaction, with an event for each new state.
 */
export class DepositReturnProgress {
  constructor(
    private readonly returns: DepositReturnRepository,
    private readonly swaps: SwapRepository,
    private readonly onCommitted: (messages: OutboxMessage[]) => void | Promise<void>,
    private readonly logger: JobLogger,
  ) {}

  /** False when `progress` is not of a deposit's return. */
  async execute(progress: RefundProgress): Promise<boolean> {
    const current = await this.returns.find(progress.refundId);
    if (!current || current.swapId !== progress.swapId) return false;
    const swap = await this.swaps.find(current.swapId);
    if (!swap) return false;
    let messages: OutboxMessage[] = [];
    const saved = await this.returns.progress(
      current.returnId,
      {
        state: progress.state,
        txid: progress.txid,
        fee: progress.fee === null ? null : BigInt(progress.fee),
        feeCurrency: progress.feeCurrency,
        confirmations: progress.confirmations,
        reason: progress.reason,
      },
      (record, stateChanged) => (messages = stateChanged ? [depositReturnEvent(record, swap)] : []),
    );
    if (saved && messages.length > 0) {
      const log = saved.state === 'failed' ? 'error' : 'info';
      this.logger[log](
        {
          swapId: saved.swapId,
          returnId: saved.returnId,
          state: saved.state,
          txid: saved.txid,
          reason: saved.reason,
        },
        'deposit return progressed',
      );
      await this.onCommitted(messages);
    }
    return true;
  }
}
