/** Rule 2 of section 3: the minimum and the liquidity limit apply to both rate types. */
import { CURRENCIES } from '../currencies';
import { isSwapError, SwapError, SwapErrors } from '../errors';
import { toUnits } from '../money';
import { formatAmount } from './format-quote';
import { computeQuote, Quote, QuoteInput } from './quote';

/**
 * BELOW_MINIMUM or ABOVE_MAXIMUM for the amount the user would send, or BELOW_MINIMUM for an output
 * below what a new account of the destination chain may hold (Solana's rent-exempt minimum: such
 * a payout could never land); null when within limits.
 */
export function quoteLimitError(quote: Quote): SwapError | null {
  const code = quote.from;
  if (quote.amountFrom < quote.min)
    return SwapErrors.belowMinimum(formatAmount(quote.min, code, 'up', true), code);
  if (quote.max !== null && quote.amountFrom > quote.max) {
    return SwapErrors.aboveMaximum(formatAmount(quote.max, code, 'down', true), code);
  }
  const floor = CURRENCIES[quote.to].accountMinimum;
  if (floor !== undefined && quote.amountTo < toUnits(floor, CURRENCIES[quote.to].chainDecimals))
    return SwapErrors.payoutBelowAccountMinimum(floor, quote.to);
  return null;
}

/** The business error a quote or swap for `input` would be refused with, or null when it is fine. */
export function validateQuote(input: QuoteInput): SwapError | null {
  try {
    return quoteLimitError(computeQuote(input));
  } catch (error) {
    if (isSwapError(error)) return error;
    throw error;
  }
}
