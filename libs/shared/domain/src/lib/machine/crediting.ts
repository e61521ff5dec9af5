/**
 * Money arithmetic of crediting a deposit. Everything is exact: rates and percentages are parsed
 * into integer fractions and each amount is produced by one final (flooring) division.
 */
import { CURRENCIES, CurrencyCode } from '../currencies';
import { truncateUnits } from '../money';

/** value = units / 10^scale */
interface Fraction {
  units: bigint;
  scale: bigint;
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function parse(text: string): Fraction {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a plain non-negative decimal: ${text}`);
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1] + fraction), scale: BigInt(fraction.length) };
}

const pow10 = (n: bigint | number): bigint => 10n ** BigInt(n);

/** Fixed-rate deposit tolerance: 0.5 % of the ordered amount, in per-mille to stay integral. */
const TOLERANCE_PER_MILLE = 5n;
/** Refund fee: 1 % of the deposit. */
const REFUND_FEE_PERCENT = 1n;

export interface Payout {
  /** deposit × rate, in to-currency base units (floored). */
  gross: bigint;
  /** gross × feePercent / 100 (floored). */
  fee: bigint;
  /** What the user receives: gross minus fee, truncated to the to-currency API precision. */
  net: bigint;
}

/** Converts a deposit at `rate` (to per 1 from) and takes the service fee off the output. */
export function payoutFor(
  deposit: bigint,
  from: CurrencyCode,
  to: CurrencyCode,
  rate: string,
  feePercent: string,
): Payout {
  const r = parse(rate);
  const f = parse(feePercent);
  const target = CURRENCIES[to];
  // gross = deposit × r.units × 10^toDecimals / (10^r.scale × 10^fromDecimals)
  const numerator = deposit * r.units * pow10(target.chainDecimals);
  const denominator = pow10(r.scale) * pow10(CURRENCIES[from].chainDecimals);
  const hundred = 100n * pow10(f.scale);
  const gross = numerator / denominator;
  const fee = (numerator * f.units) / (denominator * hundred);
  const netExact = (numerator * (hundred - f.units)) / (denominator * hundred);
  return { gross, fee, net: truncateUnits(netExact, target.chainDecimals, target.precision) };
}

/** Deposit minus the 1 % refund fee, rounded down to the currency precision. */
export function refundAmount(deposit: bigint, code: CurrencyCode): bigint {
  const { chainDecimals, precision } = CURRENCIES[code];
  return truncateUnits((deposit * (100n - REFUND_FEE_PERCENT)) / 100n, chainDecimals, precision);
}

/** Fixed-rate rule: the deposit differs from the ordered amount by more than 0.5 %. */
export function beyondTolerance(deposit: bigint, ordered: bigint): boolean {
  const difference = deposit > ordered ? deposit - ordered : ordered - deposit;
  return difference * 1000n > ordered * TOLERANCE_PER_MILLE;
}

const SLIPPAGE_PLACES = 8n;

/** (applied / quoted − 1) × 100 as a decimal string, rounded half away from zero to 8 places. */
export function slippagePercent(applied: string, quoted: string): string {
  const a = parse(applied);
  const q = parse(quoted);
  if (q.units === 0n) return '0';
  // (a.units/10^a.scale) / (q.units/10^q.scale) − 1, times 100 and 10^places, as one fraction.
  const numerator = (a.units * pow10(q.scale) - q.units * pow10(a.scale)) * 100n * pow10(SLIPPAGE_PLACES);
  const denominator = q.units * pow10(a.scale);
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const scaled = (abs * 2n + denominator) / (denominator * 2n);
  if (scaled === 0n) return '0';
  const digits = scaled.toString().padStart(Number(SLIPPAGE_PLACES) + 1, '0');
  const whole = digits.slice(0, digits.length - Number(SLIPPAGE_PLACES));
  const fraction = digits.slice(digits.length - Number(SLIPPAGE_PLACES)).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
