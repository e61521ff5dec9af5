import { fromUnits, toUnits } from '@swap/domain';

const SCALE = 18;

/** Exact median of decimal strings; the mean of the two middle values for an even count. */
export function medianDecimal(values: readonly string[]): string {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = values.map((v) => toUnits(v, SCALE)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = Math.floor(sorted.length / 2);
  const units = sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2n;
  return trim(fromUnits(units, SCALE));
}

function trim(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
