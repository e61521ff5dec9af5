import { fromScaled, toScaled } from './scaled';

/** Exact median of decimal strings; the mean of the two middle values for an even count. */
export function medianDecimal(values: readonly string[]): string {
  return fromScaled(medianScaled(values.map(toScaled)));
}

export function medianScaled(values: readonly bigint[]): bigint {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2n;
}
