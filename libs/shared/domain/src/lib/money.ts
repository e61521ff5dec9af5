/**
 * Exact decimal arithmetic on bigint. Money is held as integer base units of a chain (satoshi,
 * piconero, wei, sun, lamport); decimal strings appear only at the API boundary.
 */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export class DecimalFormatError extends Error {}

/** Number of decimal places written in a plain decimal string ("1.250" → 3). */
export function decimalPlaces(text: string): number {
  const match = DECIMAL.exec(text);
  if (!match) throw new DecimalFormatError(`not a plain non-negative decimal: ${text}`);
  return match[2]?.length ?? 0;
}

/** "1.2500" → "1.25", "2.000" → "2": the same value without trailing zeros. */
export function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** "1.5" with 8 decimals → 150000000n. Fails on more decimals than `decimals` (no silent rounding). */
export function toUnits(text: string, decimals: number): bigint {
  const match = DECIMAL.exec(text);
  if (!match) throw new DecimalFormatError(`not a plain non-negative decimal: ${text}`);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    throw new DecimalFormatError(`${text} has more than ${decimals} decimal places`);
  }
  return BigInt(match[1] + fraction.padEnd(decimals, '0'));
}

/** 150000000n with 8 decimals → "1.50000000"; `places` (≤ decimals) truncates towards zero. */
export function fromUnits(units: bigint, decimals: number, places = decimals): string {
  let abs = units < 0n ? -units : units;
  if (places < decimals) abs /= 10n ** BigInt(decimals - places);
  // More places than the chain has only pads zeros (the value must not shift).
  if (places > decimals) abs *= 10n ** BigInt(places - decimals);
  const digits = abs.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  // A negative amount that truncates to zero prints as "0.00", not "-0.00".
  const sign = units < 0n && abs > 0n ? '-' : '';
  return `${sign}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

/** Rounds base units down to a multiple of 10^(decimals - places), i.e. to `places` decimals. */
export function truncateUnits(units: bigint, decimals: number, places: number): bigint {
  if (places >= decimals) return units;
  const step = 10n ** BigInt(decimals - places);
  // bigint division truncates towards zero; step back once for negatives to round down.
  const quotient = units / step;
  return (units < 0n && quotient * step !== units ? quotient - 1n : quotient) * step;
}

/** Rounds base units up to `places` decimals. */
export function ceilUnits(units: bigint, decimals: number, places: number): bigint {
  if (places >= decimals) return units;
  const step = 10n ** BigInt(decimals - places);
  const quotient = units / step;
  return (units > 0n && quotient * step !== units ? quotient + 1n : quotient) * step;
}

/**
 * Converts a JSON request amount (number or numeric string) to a plain decimal string without
 * exponent. Returns null when the value is not a finite, non-negative number.
 */
export function plainDecimal(value: unknown): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const text = String(value);
    return text.includes('e') ? expandExponent(text) : text;
  }
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (DECIMAL.test(trimmed)) return trimmed;
    if (/^\d+(?:\.\d+)?e[+-]?\d+$/i.test(trimmed)) return expandExponent(trimmed.toLowerCase());
    return null;
  }
  return null;
}

/** Covers every JS double (down to 5e-324); a string like "1e999999999" must not allocate a billion zeros. */
const MAX_EXPONENT = 400;

function expandExponent(text: string): string | null {
  const [mantissa, exponentText] = text.split('e');
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  let plain: string;
  if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
  else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  // Exponent form states a value, not a written precision: canonicalise "0.5e1" → "5", "1.50e-3" → "0.0015".
  if (plain.includes('.')) plain = plain.replace(/0+$/, '').replace(/\.$/, '');
  return plain.replace(/^0+(?=\d)/, '');
}

/** A decimal string rendered as a JSON number for quotes (D6: numbers rounded to the precision). */
export function toJsonNumber(text: string): number {
  return Number(text);
}
