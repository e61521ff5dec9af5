import type { DepositReturnUpdated } from '@swap/contracts';
import type { LedgerBatch, LedgerEntry } from '@swap/treasury-data';
import { Accounts } from './accounts';
import { isSweptNetwork } from './swap-books.rules';

/** Zero amounts (no network fee reported) are left out rather than written. */
const nonZero = (entries: LedgerEntry[]) => entries.filter((e) => e.amount !== 0n);

/**
 * A late deposit sent back, booked once its return has confirmed: the deposit arrived (at its own
 * address on TRX, ETH, AVAX and SOL, else in the network's wallet), the refund fee is the
 * service's, and the return left the hot wallet with its network fee. Three batches, keyed by the
 * deposit and the return, so a repeated event books nothing twice.
 */
export function returnBatches(ret: DepositReturnUpdated): LedgerBatch[] {
  const deposited = BigInt(ret.deposited);
  const returned = BigInt(ret.amount);
  const fee = ret.fee === null ? 0n : BigInt(ret.fee);
  const feeCurrency = ret.feeCurrency ?? ret.currency;
  const hot = Accounts.hot(ret.network);
  const holding = isSweptNetwork(ret.network) ? Accounts.unswept(ret.swapId) : hot;
  const deposits = Accounts.deposits(ret.swapId);
  const refunds = Accounts.refunds(ret.swapId);
  const entry = (account: string, amount: bigint, currency = ret.currency): LedgerEntry => ({
    account,
    currency,
    amount,
  });
  return [
    {
      key: `late-deposit:${ret.depositId}`,
      swapId: ret.swapId,
      memo: `deposit after the swap's end (${ret.depositId})`,
      entries: [entry(holding, deposited), entry(deposits, -deposited)],
    },
    {
      key: `return:${ret.returnId}`,
      swapId: ret.swapId,
      memo: 'late deposit due back, less the refund fee',
      entries: nonZero([
        entry(deposits, deposited),
        entry(refunds, -returned),
        entry(Accounts.serviceFees, returned - deposited),
      ]),
    },
    {
      key: `return:${ret.returnId}:sent`,
      swapId: ret.swapId,
      memo: `late deposit returned (${ret.txid ?? 'no txid'})`,
      entries: nonZero([
        entry(refunds, returned),
        entry(hot, -returned),
        entry(Accounts.networkFees, fee, feeCurrency),
        entry(hot, -fee, feeCurrency),
      ]),
    },
  ];
}
