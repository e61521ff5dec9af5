import type { DepositReturnUpdated } from '@swap/contracts';
import type { LedgerBatch } from '@swap/treasury-data';
import { Accounts } from './accounts';
import { holdingAccount } from './swap-books.rules';
import { entry, sentBackBatches } from './swap-postings';

/**
 * A late deposit sent back, booked once its return has confirmed: the deposit arrived (at its own
 * address on TRX, ETH, AVAX and SOL, else in the network's wallet), the refund fee is the
 * service's, and the return left the hot wallet with its network fee. Three batches, keyed by the
 * deposit and the return, so a repeated event books nothing twice.
 */
export function returnBatches(ret: DepositReturnUpdated): LedgerBatch[] {
  const deposited = BigInt(ret.deposited);
  const code = ret.currency;
  const holding = holdingAccount(ret.swapId, code);
  return [
    {
      key: `late-deposit:${ret.depositId}`,
      swapId: ret.swapId,
      memo: `deposit after the swap's end (${ret.depositId})`,
      entries: [entry(holding, code, deposited), entry(Accounts.deposits(ret.swapId), code, -deposited)],
    },
    ...sentBackBatches({
      key: `return:${ret.returnId}`,
      swapId: ret.swapId,
      currency: code,
      deposited,
      sent: BigInt(ret.amount),
      fee: ret.fee === null ? 0n : BigInt(ret.fee),
      feeCurrency: ret.feeCurrency ?? code,
      memos: {
        due: 'late deposit due back, less the refund fee',
        sent: `late deposit returned (${ret.txid ?? 'no txid'})`,
      },
    }),
  ];
}
