import { toUnits } from '@swap/domain';

/** Percentages are exact decimals with at most this many places. */
const SCALE = 18;

/**
 * fee.amount split into the service's part and the partner's volume share, in proportion
 * partnerPercent / feePercent; the partner's part rounds down, so the two always add up.
 */
export function splitFee(
  feeAmount: bigint,
  feePercent: string,
  partnerPercent: string,
): { service: bigint; partner: bigint } {
  const total = toUnits(feePercent, SCALE);
  const share = toUnits(partnerPercent, SCALE);
  const partner = total === 0n ? 0n : (feeAmount * share) / total;
  return { service: feeAmount - partner, partner };
}
