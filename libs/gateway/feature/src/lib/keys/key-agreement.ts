import type { KeyAgreement } from '@swap/contracts';
import { DecimalFormatError, SwapErrors, toUnits, trimZeros } from '@swap/domain';

/** Percentages are stored as numeric(6,3): more places would be rounded silently, so they are refused. */
const PLACES = 3;

function percent(field: keyof KeyAgreement, value: string, below: bigint, orEqual: boolean): bigint {
  const bound = `${orEqual ? 'at most' : 'below'} ${below} with at most ${PLACES} decimal places`;
  let units: bigint;
  try {
    units = toUnits(value, PLACES);
  } catch (error) {
    if (error instanceof DecimalFormatError) throw SwapErrors.wrongType(field, `a percent ${bound}`);
    throw error;
  }
  const limit = below * 10n ** BigInt(PLACES);
  if (orEqual ? units > limit : units >= limit) throw SwapErrors.wrongType(field, `a percent ${bound}`);
  return units;
}

/**
 * D19: a key has a volume share (partnerPercent, 0 ≤ p < 10, added to the service fee) or a fee
 * share (feeShare, 0 < P ≤ 100, of the service fee), never both; both 0 is no agreement.
 */
export function checkAgreement(agreement: KeyAgreement): KeyAgreement {
  const volume = percent('partnerPercent', agreement.partnerPercent, 10n, false);
  const share = percent('feeShare', agreement.feeShare, 100n, true);
  if (volume > 0n && share > 0n) {
    throw SwapErrors.wrongType('feeShare', '0 when partnerPercent is set: a key has one agreement, not both');
  }
  return { partnerPercent: trimZeros(agreement.partnerPercent), feeShare: trimZeros(agreement.feeShare) };
}
