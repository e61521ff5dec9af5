import type { SwapSnapshot } from '@swap/contracts';
import type { LedgerBatch, SwapBookRepository } from '@swap/treasury-data';
import { depositBatch, exchangeBatch, exchangeBatchKey, refundBatches } from './swap-postings';
import { holdingAccount, isCredited, isExchanged, isRefunded, newBook } from './swap-books.rules';

/**
 * Books what a swap event tells about money the treasury holds: a credited deposit (and any
 * credited top-up), the exchange with its fees, and a refund once sent. Every batch has a key, so
 * a redelivered or repeated event records nothing twice.
 */
export class RecordSwapBooks {
  constructor(private readonly books: SwapBookRepository) {}

  async execute(swap: SwapSnapshot): Promise<void> {
    if (swap.dryrun || !isCredited(swap)) return;
    // Most events of a credited swap (SENDING, DONE, repeats) add nothing: one read tells.
    const exchange = isExchanged(swap) ? exchangeBatchKey(swap.id) : null;
    if (!isRefunded(swap) && (await this.books.covers(swap.id, BigInt(swap.amountDeposited), exchange)))
      return;
    await this.books.withBook(newBook(swap), async (book, tx) => {
      const deposited = BigInt(swap.amountDeposited);
      const batches: LedgerBatch[] = [];
      if (deposited > book.deposited) {
        batches.push(depositBatch(swap, deposited - book.deposited, holdingAccount(swap.id, swap.from)));
        await tx.setDeposited(deposited);
      }
      if (isExchanged(swap)) batches.push(exchangeBatch(swap));
      await tx.postAll(batches);
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
