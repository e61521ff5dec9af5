import type { PayoutProgress } from '@swap/contracts';
import type { Transfer } from '@swap/treasury-data';

/**
 * What the swap's actor hears of a payout in its current state: 'broadcast' once a node took it,
 * 'confirmed' with each new confirmation count, 'failed' with a reason a support agent can repeat.
 * Null while there is nothing to tell (not yet sent).
 */
export function payoutProgress(transfer: Transfer, now: number): PayoutProgress | null {
  if (transfer.kind !== 'payout' || transfer.swapId === null) return null;
  const state =
    transfer.state === 'FAILED'
      ? 'failed'
      : transfer.state === 'CONFIRMED' || (transfer.state === 'BROADCAST' && transfer.confirmations > 0)
        ? 'confirmed'
        : transfer.state === 'BROADCAST'
          ? 'broadcast'
          : null;
  if (state === null) return null;
  const tx = transfer.signed;
  return {
    kind: 'payout',
    swapId: transfer.swapId,
    payoutId: transfer.id,
    state,
    txid: tx?.txid ?? null,
    fee: tx ? (transfer.feePaid ?? tx.fee).toString() : null,
    feeCurrency: tx?.feeCurrency ?? null,
    txKey: tx?.txKey ?? null,
    confirmations: transfer.confirmations,
    reason: state === 'failed' ? transfer.failure : null,
    observedAt: now,
  };
}
