import type { DepositReturnUpdated } from '@swap/contracts';
import type { SwapBookRepository } from '@swap/treasury-data';
import { returnBatches } from './return-postings';

/**
 * Books a late deposit and its return once the return has confirmed (a return that failed moved
 * nothing). In the swap's book, which an expired swap gets here for the first time.
 */
export class RecordReturnBooks {
  constructor(private readonly books: SwapBookRepository) {}

  async execute(ret: DepositReturnUpdated): Promise<void> {
    if (ret.state !== 'confirmed') return;
    const book = {
      swapId: ret.swapId,
      currency: ret.currency,
      network: ret.network,
      depositAddress: ret.depositAddress,
      depositIndex: ret.depositIndex,
      deposited: 0n,
      // A return books no partner fee; the swap's own events fill these in.
      apiKey: null,
      created: null,
    };
    await this.books.withBook(book, async (_book, tx) => {
      await tx.postAll(returnBatches(ret));
    });
  }
}
