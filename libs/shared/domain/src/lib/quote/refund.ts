/** What goes back to the user when a deposit is refunded (section 3: 1 % of the deposit is kept). */
import { CurrencyCode } from '../currencies';
import { precisionStep } from './conversion';
import { keptFraction, REFUND_FEE_PERCENT } from './fees';
import { floorToStep, mul, ratio } from './ratio';

/** Deposit minus the refund fee, rounded down to the currency's API precision. */
export function refundAmount(deposit: bigint, code: CurrencyCode): bigint {
  return floorToStep(mul(ratio(deposit), keptFraction(REFUND_FEE_PERCENT)), precisionStep(code));
}
