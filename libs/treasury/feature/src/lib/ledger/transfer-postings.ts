import type { SignedTransaction } from '@swap/chain';
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
};

/**
 * What a transfer moves once signed. Refunds signed for the refunds service are booked when the
 * swap reports them (REFUNDED), so they have none here.
 */
function postings(transfer: PlannedTransfer, tx: SignedTransaction): Postings | null {
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
  return {
    principal: [entry(receiver, amount), entry(payer, -amount)],
    fee:
      tx.fee === 0n
        ? []
        : [entry(Accounts.networkFees, tx.fee, tx.feeCurrency), entry(payer, -tx.fee, tx.feeCurrency)],
  };
}

export const transferBatchKey = (transferId: string) => `transfer:${transferId}`;

/** The batch written in the transaction that moves a transfer to SIGNED. */
export function signedBatch(transfer: PlannedTransfer, tx: SignedTransaction): LedgerBatch | null {
  const moved = postings(transfer, tx);
  if (!moved || transfer.swapId === null) return null;
  return {
    key: transferBatchKey(transfer.id),
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
  transfer: PlannedTransfer,
  tx: SignedTransaction,
  what: 'all' | 'principal',
): LedgerBatch | null {
  const moved = postings(transfer, tx);
  if (!moved || transfer.swapId === null) return null;
  const undone = what === 'all' ? [...moved.principal, ...moved.fee] : moved.principal;
  return {
    key: `${transferBatchKey(transfer.id)}:undone`,
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
  transfer: PlannedTransfer,
  tx: SignedTransaction,
  paid: bigint | undefined,
): FeeSettlement | undefined {
  if (paid === undefined || paid >= tx.fee) return undefined;
  const moved = postings(transfer, tx);
  const unspent = tx.fee - paid;
  const batch: LedgerBatch | null =
    moved && transfer.swapId !== null
      ? {
          key: `${transferBatchKey(transfer.id)}:fee`,
          swapId: transfer.swapId,
          memo: `${transfer.kind} fee settled: ${paid} paid of ${tx.fee} signed`,
          // The fee entries were [network fees +fee, payer −fee]: the unspent part goes the other way.
          entries: moved.fee.map((entry) => ({ ...entry, amount: entry.amount > 0n ? -unspent : unspent })),
        }
      : null;
  return { paid, batch };
}
