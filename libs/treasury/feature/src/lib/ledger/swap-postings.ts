import type { LaterDepositSnapshot, SwapSnapshot } from '@swap/contracts';
import { CURRENCIES, type CurrencyCode } from '@swap/domain';
import type { LedgerBatch, LedgerEntry } from '@swap/treasury-data';
import { Accounts } from './accounts';
import { splitFee } from './fee-split';

export const entry = (account: string, currency: CurrencyCode, amount: bigint): LedgerEntry => ({
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
 * A deposit is exchanged: the service takes it and owes the user the output, keeping the fee (in
 * the destination currency) split between the service and the partner.
 */
function exchangeEntries(swap: SwapSnapshot, deposited: bigint, output: bigint, fee: bigint): LedgerEntry[] {
  const { service, partner } = splitFee(fee, swap);
  const exchange = Accounts.exchange(swap.id);
  return nonZero([
    entry(Accounts.deposits(swap.id), swap.from, deposited),
    entry(exchange, swap.from, -deposited),
    entry(exchange, swap.to, output + fee),
    entry(Accounts.payouts(swap.id), swap.to, -output),
    entry(Accounts.serviceFees, swap.to, -service),
    entry(Accounts.partnerFees(swap.apiKey), swap.to, -partner),
  ]);
}

/** The swap's own deposit exchanged, at fee.amount. */
export function exchangeBatch(swap: SwapSnapshot): LedgerBatch {
  return {
    key: exchangeBatchKey(swap.id),
    swapId: swap.id,
    memo: 'deposit exchanged',
    entries: exchangeEntries(
      swap,
      BigInt(swap.amountDeposited),
      BigInt(swap.amountTo),
      BigInt(swap.feeAmount),
    ),
  };
}

/**
 * A deposit credited after the swap's own and paid out on its own (rule 1): it arrives where
 * `holding` says, and is exchanged at the rate of its moment. Keyed by the deposit, so each is
 * booked once; a payout of it that failed is undone (the deposit then goes back as a return).
 */
export function laterDepositBatches(
  swap: SwapSnapshot,
  later: LaterDepositSnapshot,
  holding: string,
): LedgerBatch[] {
  const payout = later.payout;
  if (!payout) return [];
  const deposited = BigInt(later.amount);
  return [
    {
      key: `deposit:${swap.id}:${later.id}`,
      swapId: swap.id,
      memo: `further deposit credited (${later.tx})`,
      entries: [
        entry(holding, swap.from, deposited),
        entry(Accounts.deposits(swap.id), swap.from, -deposited),
      ],
    },
    {
      key: `exchange:${swap.id}:${later.id}`,
      swapId: swap.id,
      memo: `further deposit exchanged at ${payout.rate}`,
      entries: exchangeEntries(swap, deposited, BigInt(payout.amountTo), BigInt(payout.feeAmount)),
    },
  ];
}

/** Money of a swap going back to the user from the hot wallet: a refund, or a late deposit's return. */
export interface SentBack {
  /** The first batch's key; the second's is `<key>:sent`. */
  key: string;
  swapId: string;
  currency: CurrencyCode;
  /** What came in, and what goes back (less the refund fee). */
  deposited: bigint;
  sent: bigint;
  fee: bigint;
  feeCurrency: CurrencyCode;
  memos: { due: string; sent: string };
}

/**
 * The refund fee (deposited − sent) is the service's, and what went back left the hot wallet with
 * its network fee. Two batches: what is owed, then what was sent.
 */
export function sentBackBatches(back: SentBack): LedgerBatch[] {
  const { swapId, currency, deposited, sent, fee, feeCurrency } = back;
  const hot = Accounts.hot(CURRENCIES[currency].network);
  const refunds = Accounts.refunds(swapId);
  return [
    {
      key: back.key,
      swapId,
      memo: back.memos.due,
      entries: nonZero([
        entry(Accounts.deposits(swapId), currency, deposited),
        entry(refunds, currency, -sent),
        entry(Accounts.serviceFees, currency, sent - deposited),
      ]),
    },
    {
      key: `${back.key}:sent`,
      swapId,
      memo: back.memos.sent,
      entries: nonZero([
        entry(refunds, currency, sent),
        entry(hot, currency, -sent),
        entry(Accounts.networkFees, feeCurrency, fee),
        entry(hot, feeCurrency, -fee),
      ]),
    },
  ];
}

/** The deposit went back (REFUNDED, with the refund's transaction). */
export function refundBatches(swap: SwapSnapshot): LedgerBatch[] {
  const tx = swap.refundTx;
  if (!tx) return [];
  return sentBackBatches({
    key: `refund:${swap.id}`,
    swapId: swap.id,
    currency: swap.from,
    deposited: BigInt(swap.amountDeposited),
    sent: BigInt(tx.amount),
    fee: tx.fee === null ? 0n : BigInt(tx.fee),
    feeCurrency: tx.feeCurrency ?? swap.from,
    memos: { due: 'refund due, less the refund fee', sent: `refund sent (${tx.id})` },
  });
}
