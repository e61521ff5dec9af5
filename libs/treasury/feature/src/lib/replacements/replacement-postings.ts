import type { SignedTransaction } from '@swap/chain';
import type { LedgerBatch, Transfer } from '@swap/treasury-data';
import { feeEntries, transferBatchKey } from '../ledger/transfer-postings';

/**
 * The ledger of replacements keeps one rule: what a transfer's signing booked as its fee is the fee
 * of the transaction it carries. A switch to another transaction of the payment (a bump, or an
 * earlier one that was mined) books the difference between network fees and the payer; a filler
 * books its own fee, given back if the payout lands instead.
 */
export function switchBatch(
  transfer: Transfer,
  from: SignedTransaction,
  to: SignedTransaction,
  memo: string,
): LedgerBatch | null {
  const entries = feeEntries(transfer, to.fee - from.fee, to.feeCurrency);
  if (transfer.swapId === null || entries.length === 0 || to.fee === from.fee) return null;
  // The version read is unique per switch: every switch bumps it, and the guard wants the txid read.
  return {
    key: `${transferBatchKey(transfer)}:v${transfer.version}:${to.txid}`,
    swapId: transfer.swapId,
    memo,
    entries,
  };
}

const fillerKey = (transfer: Transfer, filler: SignedTransaction) =>
  `${transferBatchKey(transfer)}:filler:${filler.txid}`;

/** A filler's fee, booked as it is stored (the most it can cost: its gas limit × max fee). */
export function fillerBatch(transfer: Transfer, filler: SignedTransaction): LedgerBatch | null {
  const entries = feeEntries(transfer, filler.fee, filler.feeCurrency);
  if (transfer.swapId === null || entries.length === 0) return null;
  return {
    key: fillerKey(transfer, filler),
    swapId: transfer.swapId,
    memo: `nonce filler ${filler.txid} of ${transfer.kind} ${transfer.id} (operator)`,
    entries,
  };
}

/** The payout landed, not the filler: nothing of the filler was spent. */
export function fillerUndone(transfer: Transfer, filler: SignedTransaction): LedgerBatch | null {
  const entries = feeEntries(transfer, -filler.fee, filler.feeCurrency);
  if (transfer.swapId === null || entries.length === 0) return null;
  return {
    key: `${fillerKey(transfer, filler)}:undone`,
    swapId: transfer.swapId,
    memo: `nonce filler ${filler.txid} did not land`,
    entries,
  };
}

/** The filler landed and paid `paid`, less than the max booked: the rest goes back. */
export function fillerSettled(
  transfer: Transfer,
  filler: SignedTransaction,
  paid: bigint | undefined,
): LedgerBatch | null {
  if (paid === undefined || paid >= filler.fee) return null;
  const entries = feeEntries(transfer, paid - filler.fee, filler.feeCurrency);
  if (transfer.swapId === null || entries.length === 0) return null;
  return {
    key: `${fillerKey(transfer, filler)}:settled`,
    swapId: transfer.swapId,
    memo: `nonce filler ${filler.txid} fee settled: ${paid} paid of ${filler.fee} signed`,
    entries,
  };
}

const childKey = (transfer: Transfer, child: SignedTransaction) =>
  `${transferBatchKey(transfer)}:child:${child.txid}`;

/** A CPFP child's fee, booked as it is stored: it moves nothing else (hot wallet to itself). */
export function childBatch(transfer: Transfer, child: SignedTransaction): LedgerBatch | null {
  const entries = feeEntries(transfer, child.fee, child.feeCurrency);
  if (transfer.swapId === null || entries.length === 0) return null;
  return {
    key: childKey(transfer, child),
    swapId: transfer.swapId,
    memo: `CPFP child ${child.txid} of ${transfer.kind} ${transfer.id} (operator)`,
    entries,
  };
}

/** Its parent was replaced: the child can never land. */
export function childUndone(transfer: Transfer, child: SignedTransaction): LedgerBatch | null {
  const entries = feeEntries(transfer, -child.fee, child.feeCurrency);
  if (transfer.swapId === null || entries.length === 0) return null;
  return {
    key: `${childKey(transfer, child)}:undone`,
    swapId: transfer.swapId,
    memo: `CPFP child ${child.txid} did not land: its parent was replaced`,
    entries,
  };
}
