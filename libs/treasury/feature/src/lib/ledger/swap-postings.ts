import type { SwapSnapshot } from '@swap/contracts';
import { CURRENCIES, type CurrencyCode } from '@swap/domain';
import type { LedgerBatch, LedgerEntry } from '@swap/treasury-data';
import { Accounts } from './accounts';
import { splitFee } from './fee-split';

const entry = (account: string, currency: CurrencyCode, amount: bigint): LedgerEntry => ({
  account,
  currency,
  amount,
});
/** Zero amounts (no partner share, no refund fee) are left out rather than written. */
const nonZero = (entries: LedgerEntry[]) => entries.filter((e) => e.amount !== 0n);

export const exchangeBatchKey = (swapId: string) => `exchange:${swapId}`;

/** A credited deposit (or the credited part of a later one) arrives where `holding` says. */
export function depositBatch(swap: SwapSnapshot, credited: bigint, holding: string): LedgerBatch {
  return {
    key: `deposit:${swap.id}:${swap.amountDeposited}`,
    swapId: swap.id,
    memo: 'deposit credited',
    entries: [entry(holding, swap.from, credited), entry(Accounts.deposits(swap.id), swap.from, -credited)],
  };
}

/**
 * The deposit is exchanged: the service takes it and owes the user the output, keeping the fee
 * (fee.amount, in the destination currency) split between the service and the partner.
 */
export function exchangeBatch(swap: SwapSnapshot): LedgerBatch {
  const deposited = BigInt(swap.amountDeposited);
  const output = BigInt(swap.amountTo);
  const fee = BigInt(swap.feeAmount);
  const { service, partner } = splitFee(fee, swap.feePercent, swap.partnerPercent);
  const exchange = Accounts.exchange(swap.id);
  return {
    key: exchangeBatchKey(swap.id),
    swapId: swap.id,
    memo: 'deposit exchanged',
    entries: nonZero([
      entry(Accounts.deposits(swap.id), swap.from, deposited),
      entry(exchange, swap.from, -deposited),
      entry(exchange, swap.to, output + fee),
      entry(Accounts.payouts(swap.id), swap.to, -output),
      entry(Accounts.serviceFees, swap.to, -service),
      entry(Accounts.partnerFees(swap.apiKey), swap.to, -partner),
    ]),
  };
}

/**
 * The deposit went back: the refund fee (deposit − refund) is the service's, and the refund left
 * the hot wallet with its network fee. Two batches: what is owed, then what was sent.
 */
export function refundBatches(swap: SwapSnapshot): LedgerBatch[] {
  const tx = swap.refundTx;
  if (!tx) return [];
  const deposited = BigInt(swap.amountDeposited);
  const refunded = BigInt(tx.amount);
  const fee = tx.fee === null ? 0n : BigInt(tx.fee);
  const feeCurrency = tx.feeCurrency ?? swap.from;
  const hot = Accounts.hot(CURRENCIES[swap.from].network);
  const refunds = Accounts.refunds(swap.id);
  return [
    {
      key: `refund:${swap.id}`,
      swapId: swap.id,
      memo: 'refund due, less the refund fee',
      entries: nonZero([
        entry(Accounts.deposits(swap.id), swap.from, deposited),
        entry(refunds, swap.from, -refunded),
        entry(Accounts.serviceFees, swap.from, refunded - deposited),
      ]),
    },
    {
      key: `refund:${swap.id}:sent`,
      swapId: swap.id,
      memo: `refund sent (${tx.id})`,
      entries: nonZero([
        entry(refunds, swap.from, refunded),
        entry(hot, swap.from, -refunded),
        entry(Accounts.networkFees, feeCurrency, fee),
        entry(hot, feeCurrency, -fee),
      ]),
    },
  ];
}
