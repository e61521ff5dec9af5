/**
 * Exact non-negative rationals on bigint. Quote math multiplies prices, rates and percentages as
 * ratios and divides once at the end, so no intermediate step rounds.
 */
import { DecimalFormatError, trimZeros } from '../money';
import { memoByString } from './memo';

export interface Ratio {
  readonly num: bigint;
  /** Always > 0. */
  readonly den: bigint;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export function ratio(num: bigint, den = 1n): Ratio {
  if (den <= 0n) throw new RangeError('ratio denominator must be positive');
  return { num, den };
}

/** "60000.12" → 6000012/100, exactly. The same strings recur on every quote, so results are kept. */
export const parseDecimal = memoByString((text: string): Ratio => {
  const match = DECIMAL.exec(text);
  if (!match) throw new DecimalFormatError(`not a plain non-negative decimal: ${text}`);
  const fraction = match[2] ?? '';
  return Object.freeze(ratio(BigInt(match[1] + fraction), 10n ** BigInt(fraction.length)));
});

const POW10 = new Map<number, Ratio>();

export function pow10(exponent: number): Ratio {
  let power = POW10.get(exponent);
  if (power === undefined) {
    power = Object.freeze(
      exponent >= 0 ? ratio(10n ** BigInt(exponent)) : ratio(1n, 10n ** BigInt(-exponent)),
    );
    if (POW10.size < 256) POW10.set(exponent, power);
  }
  return power;
}

export function mul(...factors: Ratio[]): Ratio {
  return factors.reduce((a, b) => ratio(a.num * b.num, a.den * b.den), ratio(1n));
}

export function div(a: Ratio, b: Ratio): Ratio {
  if (b.num === 0n) throw new RangeError('division by zero');
  const sign = b.num < 0n ? -1n : 1n;
  return ratio(a.num * b.den * sign, a.den * b.num * sign);
}

export function add(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function compare(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Largest integer ≤ r. */
export function floor(r: Ratio): bigint {
  const q = r.num / r.den;
  return r.num < 0n && q * r.den !== r.num ? q - 1n : q;
}

/** Smallest integer ≥ r. */
export function ceil(r: Ratio): bigint {
  const q = r.num / r.den;
  return r.num > 0n && q * r.den !== r.num ? q + 1n : q;
}

/** Largest multiple of `step` ≤ r: the one integer division of a quote. */
export function floorToStep(r: Ratio, step: bigint): bigint {
  return floor(ratio(r.num, r.den * step)) * step;
}

/** Smallest multiple of `step` ≥ r. */
export function ceilToStep(r: Ratio, step: bigint): bigint {
  return ceil(ratio(r.num, r.den * step)) * step;
}

/** Decimal string truncated towards zero to `places`, trailing zeros trimmed ("0.5", "2"). */
export function toTrimmedDecimal(r: Ratio, places: number): string {
  return trimZeros(toFixedDecimal(r, places, 'truncate'));
}

/** Decimal string with exactly `places` decimals, truncated or rounded half away from zero. */
export function toFixedDecimal(r: Ratio, places: number, mode: 'truncate' | 'halfUp'): string {
  const negative = r.num < 0n;
  const scale = 10n ** BigInt(places);
  const scaled = (negative ? -r.num : r.num) * scale;
  let units = scaled / r.den;
  if (mode === 'halfUp' && (scaled % r.den) * 2n >= r.den) units += 1n;
  const digits = units.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  return negative && units !== 0n ? `-${text}` : text;
}
