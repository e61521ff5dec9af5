/** Slippage of a credited deposit: how far the applied rate is from the quoted one (section 2.5). */
import { trimZeros } from '../money';
import { div, mul, parseDecimal, ratio, sub, toFixedDecimal } from './ratio';

const SLIPPAGE_PLACES = 8;

/** (applied / quoted − 1) × 100 as a decimal string, rounded half away from zero to 8 places. */
export function slippagePercent(applied: string, quoted: string): string {
  const q = parseDecimal(quoted);
  if (q.num === 0n) return '0';
  const percent = mul(sub(div(parseDecimal(applied), q), ratio(1n)), ratio(100n));
  return trimZeros(toFixedDecimal(percent, SLIPPAGE_PLACES, 'halfUp'));
}
