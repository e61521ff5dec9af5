/** D6: a request amount (JSON number or numeric string) to base units, or the 400 that names why not. */
import { CURRENCIES, CurrencyCode } from '../currencies';
import { SwapErrors } from '../errors';
import { plainDecimal, toUnits } from '../money';
import { trimZeros } from '../money';

export function parseAmount(value: unknown, code: CurrencyCode, field = 'amount'): bigint {
  if (value === undefined || value === null) throw SwapErrors.missingField(field);
  const text = plainDecimal(value);
  if (text === null) throw SwapErrors.wrongType(field, 'a non-negative number or numeric string');
  const { chainDecimals, precision } = CURRENCIES[code];
  // Trailing zeros add no precision: "1.500000000" BTC is 1.5 BTC, not a ninth decimal.
  const canonical = trimZeros(text);
  const places = canonical.split('.')[1]?.length ?? 0;
  if (places > precision) throw SwapErrors.tooManyDecimals(precision, code);
  return toUnits(canonical, chainDecimals);
}
