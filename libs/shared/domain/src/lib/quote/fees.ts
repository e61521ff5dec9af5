/** Section 8 of the interface document: the service's percentages, as exact decimal strings. */
import { RateType } from '../swap';
import { memoByString } from './memo';
import { add, parseDecimal, Ratio, toTrimmedDecimal } from './ratio';

export const FLOAT_FEE_PERCENT = '0.25';
export const FIXED_FEE_PERCENT = '0.5';
/** Taken from the deposit when it is returned; the on-chain fee of the refund is the service's. */
export const REFUND_FEE_PERCENT = '1';
/** A fixed-rate deposit further than this from the ordered amount puts the swap in RATE_CHANGED. */
export const FIXED_TOLERANCE_PERCENT = '0.5';

export function serviceFeePercent(type: RateType): string {
  return type === 'fixed' ? FIXED_FEE_PERCENT : FLOAT_FEE_PERCENT;
}

/** Service fee plus the key's volume share (fee.percent of the quote). */
export function totalFeePercent(type: RateType, partnerPercent = '0'): string {
  const total = add(parseDecimal(serviceFeePercent(type)), parseDecimal(partnerPercent));
  return toTrimmedDecimal(total, 18);
}

/** The fraction of the gross output the user keeps: 1 - percent / 100. */
export const keptFraction = memoByString((feePercent: string): Ratio => {
  const fee = parseDecimal(feePercent);
  if (fee.num >= fee.den * 100n) throw new RangeError(`fee percent ${feePercent} leaves nothing`);
  return Object.freeze({ num: fee.den * 100n - fee.num, den: fee.den * 100n });
});
