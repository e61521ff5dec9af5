import { toUnits } from '@swap/domain';

/** Percentages are exact decimals with at most this many places. */
const SCALE = 18;
const HUNDRED = 100n * 10n ** BigInt(SCALE);

/** A swap's fee terms, as it recorded them at creation (percentages as exact decimals). */
export interface FeeTerms {
  feePercent: string;
  partnerPercent: string;
  feeShare: string;
}

/**
 * fee.amount split between the service and the partner. A volume share (partnerPercent, part of
 * feePercent) takes its proportion partnerPercent / feePercent; a fee share (D19, exclusive with
 * it) takes feeShare % of what the service keeps. Each partner part rounds down, the service
 * keeps the rest, so the two always add up to the fee.
 */
export function splitFee(feeAmount: bigint, terms: FeeTerms): { service: bigint; partner: bigint } {
  const { feePercent, partnerPercent, feeShare } = terms;
  const total = toUnits(feePercent, SCALE);
  const volume = total === 0n ? 0n : (feeAmount * toUnits(partnerPercent, SCALE)) / total;
  const shared = ((feeAmount - volume) * toUnits(feeShare, SCALE)) / HUNDRED;
  const partner = volume + shared;
  return { service: feeAmount - partner, partner };
}
