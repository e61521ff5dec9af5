import type { SignedTransaction } from '@swap/chain';
import type { CurrencyCode } from '@swap/domain';
import type { FeeSettlement, LedgerBatch, LedgerEntry, PlannedTransfer } from '@swap/treasury-data';
import { Accounts } from './accounts';

interface Postings {
  /** The value moved. */
  principal: LedgerEntry[];
  /** The network fee, in the network's native coin. */
  fee: LedgerEntry[];
}

const MEMO: Record<PlannedTransfer['kind'], string> = {
  payout: 'payout signed',
  refund: 'refund signed',
  sweep: 'deposit swept to the hot wallet',
  gas: 'gas sent to the deposit address',
  delegate: 'staked energy lent to the deposit address',
  undelegate: 'staked energy taken back from the deposit address',
};

/** A transfer as the ledger keys it: which signing of it (see Transfer.generation). */
type Booked = PlannedTransfer & { generation?: number };

/**
 * What a transfer moves once signed. Refunds signed for the refunds service are booked when the
 * swap reports them (REFUNDED), so they have none here. Lending staked energy moves no coins: the
 * stake stays the hot wallet's, only the fee is spent.
 */
function postings(transfer: Booked, tx: SignedTransaction): Postings | null {
  const { swapId, currency, amount, network } = transfer;
  if (swapId === null || transfer.kind === 'refund') return null;
  const hot = Accounts.hot(network);
  const entry = (account: string, value: bigint, code = currency): LedgerEntry => ({
    account,
    currency: code,
    amount: value,
  });
  const [receiver, payer] =
    transfer.kind === 'payout'
      ? [Accounts.payouts(swapId), hot]
      : transfer.kind === 'sweep'
        ? [hot, Accounts.unswept(swapId)]
        : [Accounts.unswept(swapId), hot];
  const lends = transfer.kind === 'delegate' || transfer.kind === 'undelegate';
  return {
    principal: lends ? [] : [entry(receiver, amount), entry(payer, -amount)],
    fee:
      tx.fee === 0n
        ? []
        : [entry(Accounts.networkFees, tx.fee, tx.feeCurrency), entry(payer, -tx.fee, tx.feeCurrency)],
  };
}

/**
 * The entries of `transfer` paying a network fee of `fee` (network fees up, its payer down; both
 * the other way for a negative fee), or none where its signing books nothing (refunds).
 */
export function feeEntries(transfer: Booked, fee: bigint, feeCurrency: CurrencyCode): LedgerEntry[] {
  return postings(transfer, { fee, feeCurrency } as SignedTransaction)?.fee ?? [];
}

/** The first signing keeps the plain key; a transfer signed again after an expiry gets `#<generation>`. */
export const transferBatchKey = (transfer: Booked) =>
  transfer.generation ? `transfer:${transfer.id}#${transfer.generation}` : `transfer:${transfer.id}`;

/** The batch written in the transaction that moves a transfer to SIGNED. */
export function signedBatch(transfer: Booked, tx: SignedTransaction): LedgerBatch | null {
  const moved = postings(transfer, tx);
  // Nothing moved (energy lent without a fee): no batch, rather than an empty one.
  if (!moved || transfer.swapId === null || moved.principal.length + moved.fee.length === 0) return null;
  return {
    key: transferBatchKey(transfer),
    swapId: transfer.swapId,
    memo: MEMO[transfer.kind],
    entries: [...moved.principal, ...moved.fee],
  };
}

/**
 * Undoes a signed transfer that failed: everything when no node ever took it ('all'), only the
 * value when it failed on-chain, where the fee was spent all the same ('principal').
 */
export function undoBatch(
  transfer: Booked,
  tx: SignedTransaction,
  what: 'all' | 'principal',
): LedgerBatch | null {
  const moved = postings(transfer, tx);
  if (!moved || transfer.swapId === null) return null;
  const undone = what === 'all' ? [...moved.principal, ...moved.fee] : moved.principal;
  if (undone.length === 0) return null;
  return {
    key: `${transferBatchKey(transfer)}:undone`,
    swapId: transfer.swapId,
    memo: what === 'all' ? `${transfer.kind} refused by the network` : `${transfer.kind} failed on-chain`,
    entries: undone.map((entry) => ({ ...entry, amount: -entry.amount })),
  };
}

/**
 * A mined transaction's fee as the chain charged it. Signing booked the fee signed for; where the
 * chain charged less (EVM: gas used at the block's price, not gas limit × max fee), the difference
 * goes back from network fees to the account that paid. Undefined where the chain does not say.
 */
export function feeSettlement(
  transfer: Booked,
  tx: SignedTransaction,
  paid: bigint | undefined,
): FeeSettlement | undefined {
  if (paid === undefined || paid >= tx.fee) return undefined;
  const unspent = tx.fee - paid;
  const fee = bookedFee(transfer, tx);
  const batch: LedgerBatch | null =
    fee && transfer.swapId !== null
      ? {
          key: `${transferBatchKey(transfer)}:fee`,
          swapId: transfer.swapId,
          memo: `${transfer.kind} fee settled: ${paid} paid of ${tx.fee} signed`,
          // The fee entries were [network fees +fee, payer −fee]: the unspent part goes the other way.
          entries: fee.map((entry) => ({ ...entry, amount: entry.amount > 0n ? -unspent : unspent })),
        }
      : null;
  return { paid, batch };
}

/**
 * The fee entries booked for a transfer's signed fee: its own postings', or for a refund (booked
 * from the swap's refund.tx, whose fee is the signed one) the hot wallet's payment of it.
 */
function bookedFee(transfer: Booked, tx: SignedTransaction): LedgerEntry[] | null {
  if (transfer.kind !== 'refund') return postings(transfer, tx)?.fee ?? null;
  const hot = Accounts.hot(transfer.network);
  return [
    { account: Accounts.networkFees, currency: tx.feeCurrency, amount: tx.fee },
    { account: hot, currency: tx.feeCurrency, amount: -tx.fee },
  ];
}

/**
 * Undoes a signed transaction that can never land (its deadline passed unmined): nothing it booked
 * happened, and the transfer is signed again, booked under its next generation.
 */
export function replacedBatch(transfer: Booked, tx: SignedTransaction): LedgerBatch | null {
  const moved = postings(transfer, tx);
  if (!moved || transfer.swapId === null) return null;
  const undone = [...moved.principal, ...moved.fee];
  if (undone.length === 0) return null;
  return {
    key: `${transferBatchKey(transfer)}:replaced`,
    swapId: transfer.swapId,
    memo: `${transfer.kind} ${tx.txid} expired unlanded; signed again`,
    entries: undone.map((entry) => ({ ...entry, amount: -entry.amount })),
  };
}
