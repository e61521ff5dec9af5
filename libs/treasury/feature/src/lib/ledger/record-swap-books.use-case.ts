import type { SwapSnapshot } from '@swap/contracts';
import type { LedgerBatch, SwapBookRepository } from '@swap/treasury-data';
import {
  depositBatch,
  exchangeBatch,
  exchangeBatchKey,
  laterDepositBatches,
  refundBatches,
} from './swap-postings';
import { holdingAccount, isCredited, isExchanged, isRefunded, newBook } from './swap-books.rules';

/**
 * Books what a swap event tells about money the treasury holds: a credited deposit (and any
 * credited top-up), the exchange with its fees, each later deposit paid out on its own (undone if
 * its payout failed), and a refund once sent. Every batch has a key, so a redelivered or repeated
 * event records nothing twice.
 */
export class RecordSwapBooks {
  constructor(private readonly books: SwapBookRepository) {}

  async execute(swap: SwapSnapshot): Promise<void> {
    if (swap.dryrun || !isCredited(swap)) return;
    // Most events of a credited swap (SENDING, DONE, repeats) add nothing: one read tells.
    const exchange = isExchanged(swap) ? exchangeBatchKey(swap.id) : null;
    const paidLater = swap.later.filter((later) => later.payout !== null);
    if (
      !isRefunded(swap) &&
      paidLater.length === 0 &&
      (await this.books.covers(swap.id, BigInt(swap.amountDeposited), exchange))
    )
      return;
    await this.books.withBook(newBook(swap), async (book, tx) => {
      const deposited = BigInt(swap.amountDeposited);
      const batches: LedgerBatch[] = [];
      if (deposited > book.deposited) {
        batches.push(depositBatch(swap, deposited - book.deposited, holdingAccount(swap.id, swap.from)));
        await tx.setDeposited(deposited);
      }
      if (isExchanged(swap)) batches.push(exchangeBatch(swap));
      const holding = holdingAccount(swap.id, swap.from);
      for (const later of paidLater) batches.push(...laterDepositBatches(swap, later, holding));
      await tx.postAll(batches);
      // A further payout that failed: its deposit goes back as a return, booked as one.
      for (const later of paidLater.filter((l) => l.payout?.state === 'FAILED'))
        for (const batch of laterDepositBatches(swap, later, holding))
          await tx.reverse(batch.key, `${batch.key}:undone`, 'further payout failed: the deposit goes back');
      if (isRefunded(swap)) {
        // A swap refunded after its exchange (an operator's decision on a failed payout): undo the exchange.
        const exchange = exchangeBatchKey(swap.id);
        if (await tx.isRecorded(exchange)) {
          await tx.reverse(exchange, `${exchange}:undone`, 'exchange undone: the deposit is refunded');
        }
        await tx.postAll(refundBatches(swap).filter((batch) => batch.entries.length > 0));
      }
    });
  }
}
