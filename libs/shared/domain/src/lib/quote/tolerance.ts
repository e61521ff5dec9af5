/** Section 3: a fixed-rate deposit more than 0.5 % away from the ordered amount is a mismatch. */
import { IssueType } from '../swap';
import { FIXED_TOLERANCE_PERCENT } from './fees';
import { compare, mul, parseDecimal, ratio } from './ratio';

/** LESS or MORE when `deposited` differs from `ordered` by more than the tolerance; null within it. */
export function depositMismatch(
  ordered: bigint,
  deposited: bigint,
): Extract<IssueType, 'LESS' | 'MORE'> | null {
  const difference = deposited > ordered ? deposited - ordered : ordered - deposited;
  const allowed = mul(ratio(ordered), parseDecimal(FIXED_TOLERANCE_PERCENT), ratio(1n, 100n));
  if (compare(ratio(difference), allowed) <= 0) return null;
  return deposited < ordered ? 'LESS' : 'MORE';
}
