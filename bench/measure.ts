/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable with JetStream's timestamps. */
export const wallClockMs = (): number => performance.timeOrigin + performance.now();
