import type { Logger } from '@swap/domain';
import type { IdempotencyKeyRepository } from '@swap/gateway-data';
import { RepeatingTask } from '@swap/service-kit';

const BATCH = 1000;

/** Deletes the expired Idempotency-Keys, a batch at a time; resolves to how many. */
export async function pruneIdempotencyKeys(
  keys: Pick<IdempotencyKeyRepository, 'pruneExpired'>,
): Promise<number> {
  let pruned = 0;
  let deleted: number;
  do {
    deleted = await keys.pruneExpired(BATCH);
    pruned += deleted;
  } while (deleted === BATCH);
  return pruned;
}

/**
 * Keeps the table to a day of creates (D13): claims already ignore keys past their 24 h, so a
 * late run costs nothing but space. Every replica runs it; a row deleted twice is no harm.
 */
export function idempotencyPruneTask(
  keys: Pick<IdempotencyKeyRepository, 'pruneExpired'>,
  logger: Logger,
  everyMs = 10 * 60_000,
): RepeatingTask {
  return new RepeatingTask(
    'idempotency-key prune',
    everyMs,
    async () => {
      const pruned = await pruneIdempotencyKeys(keys);
      if (pruned > 0) logger.info({ pruned }, 'expired idempotency keys pruned');
    },
    logger,
  );
}
