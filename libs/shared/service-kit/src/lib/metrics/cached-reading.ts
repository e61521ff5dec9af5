import type { Clock } from '@swap/domain';

/**
 * A read shared by the gauges that show parts of its answer (a count and an age from one query),
 * and by scrapes close together (two Prometheus replicas): one query at a time, its answer reused
 * for `maxAgeMs`. A failure is not kept: the next scrape reads again.
 */
export function cachedReading<T>(
  read: () => Promise<T>,
  maxAgeMs: number,
  clock: Clock = Date.now,
): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = clock();
    if (last && now - last.at < maxAgeMs) return last.value;
    const value = read();
    const entry = { at: now, value };
    last = entry;
    value.catch(() => {
      if (last === entry) last = null;
    });
    return value;
  };
}
