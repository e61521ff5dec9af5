/** D6: a request amount (JSON number or numeric string) to base units, or the 400 that names why not. */
import { CURRENCIES, CurrencyCode } from '../currencies';
import { SwapErrors } from '../errors';
import { plainDecimal, toUnits } from '../money';
import { trimZeros } from '../money';

/** No coin here has a supply near this many whole units; a larger amount is a mistake or a probe. */
const MAX_WHOLE_DIGITS = 15;

export function parseAmount(value: unknown, code: CurrencyCode, field = 'amount'): bigint {
  if (value === undefined || value === null) throw SwapErrors.missingField(field);
  const text = plainDecimal(value);
  if (text === null) throw SwapErrors.wrongType(field, 'a non-negative number or numeric string');
  const { chainDecimals, precision } = CURRENCIES[code];
  // Trailing zeros add no precision: "1.500000000" BTC is 1.5 BTC, not a ninth decimal.
  const canonical = trimZeros(text);
  const [whole, fraction = ''] = canonical.split('.');
  if (whole.replace(/^0+/, '').length > MAX_WHOLE_DIGITS)
    throw SwapErrors.wrongType(field, `a number below 1e${MAX_WHOLE_DIGITS}`);
  if (fraction.length > precision) throw SwapErrors.tooManyDecimals(precision, code);
  return toUnits(canonical, chainDecimals);
}
