/**
 * Decimal strings of a quote at each currency's API precision (D6). The API layer turns these
 * into JSON numbers with toJsonNumber; nothing here goes through a binary float.
 */
import { CURRENCIES, CurrencyCode } from '../currencies';
import { ceilUnits, fromUnits, truncateUnits } from '../money';
import { trimZeros } from '../money';
import { Quote } from './quote';

/** Base units as a decimal string at the API precision; `trim` drops trailing zeros (for messages). */
export function formatAmount(
  units: bigint,
  code: CurrencyCode,
  round: 'down' | 'up' = 'down',
  trim = false,
): string {
  const { chainDecimals, precision } = CURRENCIES[code];
  const rounded =
    round === 'up'
      ? ceilUnits(units, chainDecimals, precision)
      : truncateUnits(units, chainDecimals, precision);
  const text = fromUnits(rounded, chainDecimals, precision);
  return trim ? trimZeros(text) : text;
}

export interface QuoteDecimals {
  amountFrom: string;
  amountTo: string;
  feeAmount: string;
  min: string;
  minTo: string;
  /** "0" when there is no limit (section 2.4). */
  max: string;
  maxTo: string;
  guaranteedAmount: string | null;
}

export function formatQuote(quote: Quote): QuoteDecimals {
  const { from, to } = quote;
  return {
    amountFrom: formatAmount(quote.amountFrom, from),
    amountTo: formatAmount(quote.amountTo, to),
    feeAmount: formatAmount(quote.feeAmount, to),
    min: formatAmount(quote.min, from, 'up'),
    minTo: formatAmount(quote.minTo, to),
    max: quote.max === null ? '0' : formatAmount(quote.max, from),
    maxTo: quote.maxTo === null ? '0' : formatAmount(quote.maxTo, to),
    guaranteedAmount: quote.guaranteedAmount === null ? null : formatAmount(quote.guaranteedAmount, to),
  };
}
