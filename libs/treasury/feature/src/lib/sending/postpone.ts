import type { Transfer, TransferLifecycle } from '@swap/treasury-data';
import type { TransferMove } from '@swap/treasury-domain';
import { retryWait, type RetryPolicy } from './retry-policy';

/**
 * Postpones `transfer` as the lifecycle row of `move` says: when it is tried again, whether the
 * attempt counts, whether a node refused its bytes; `message` is kept as its last error. Returns
 * the wait (ms).
 */
export async function postponeAsDecided(
  transfers: TransferLifecycle,
  transfer: Transfer,
  move: TransferMove,
  policy: RetryPolicy,
  now: number,
  message?: string,
): Promise<number> {
  const { retry } = move.row;
  if (!retry) throw new Error(`${move.row.on} in ${move.from} is not postponed (${move.row.when})`);
  const delay = retryWait(retry, policy, transfer.attempts);
  const error = message === undefined ? null : { message, refused: retry.refused };
  await transfers.postpone(transfer.id, {
    state: move.from,
    until: now + delay,
    countAttempt: retry.counted,
    error,
  });
  return delay;
}
