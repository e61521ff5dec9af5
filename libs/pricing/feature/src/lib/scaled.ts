import { fromUnits, toUnits, trimZeros } from '@swap/domain';

/** Prices are compared and combined as integers of 10⁻¹⁸ USD: exact for every market's decimals. */
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

export const toScaled = (text: string): bigint => toUnits(text, SCALE);

/** The shortest plain decimal of a scaled value ("65000", "0.123456785"). */
export function fromScaled(units: bigint): string {
  return trimZeros(fromUnits(units, SCALE));
}

/** a × b of two decimal strings, truncated to 18 places. */
export function multiplyDecimals(a: string, b: string): string {
  return fromScaled((toScaled(a) * toScaled(b)) / ONE);
}

/** Whether `value` lies further than `fraction` (e.g. "0.02") of `reference` from it. */
export function deviatesBeyond(value: bigint, reference: bigint, fraction: string): boolean {
  const distance = value > reference ? value - reference : reference - value;
  return distance * ONE > toScaled(fraction) * reference;
}

/** |value − reference| / reference as a percentage with two decimals ("3.41"). */
export function percentFrom(value: bigint, reference: bigint): string {
  const distance = value > reference ? value - reference : reference - value;
  return fromUnits((distance * 10_000n) / reference, 2);
}
