import {
  computeQuote,
  CurrencyCode,
  Direction,
  inputForOutput,
  outputForDeposit,
  precisionStep,
  Quote,
  QuoteInput,
  QuoteTerms,
  quoteLimitError,
  quoteTerms,
  RateType,
} from '@swap/domain';
import { livePrices } from './live-prices';
import { MarketFeed } from './market-feed';
import { assertPairOpen, offeredLiquidity, pairMinimum } from './trading-switches';

export interface PriceSwapRequest {
  from: CurrencyCode;
  to: CurrencyCode;
  type: RateType;
  direction: Direction;
  /** Base units of the currency named by direction. */
  amount: bigint;
  partnerPercent: string;
}

/**
 * Prices a swap from the live market: the quote of section 2.4 with the pair's minimum and the
 * liquidity maximum, refused with the business error when the pair is switched off, pricing is
 * unavailable or a limit is broken. The gateway (quotes) and the engine (creates) both use it, so
 * both apply the same rules (deposits switched off stop creates only).
 */
export function priceSwap(
  market: MarketFeed,
  request: PriceSwapRequest,
  purpose: 'quote' | 'create' = 'quote',
): Quote {
  const { from, to } = request;
  assertPairOpen(market, from, to, purpose);
  const prices = livePrices(market, from, to);
  // One literal with every field: V8 takes a slow path for `{ ...base, newField }`, and this
  // prices every quote.
  const input: QuoteInput = {
    prices,
    from,
    to,
    type: request.type,
    direction: request.direction,
    partnerPercent: request.partnerPercent,
    amount: request.amount,
    min: pairMinimum(market, from, to),
    max: null,
  };
  const available = offeredLiquidity(market, to);
  // The most the user may send is what pays out exactly the liquidity offered in the destination
  // currency, at the quote's own rate and fee.
  if (available !== null) input.max = maxSend(available, request, quoteTerms(input));
  const quote = computeQuote(input);
  const error = quoteLimitError(quote);
  if (error) throw error;
  return quote;
}

/** The largest send (at the from-currency's precision) whose payout fits in `available`. */
function maxSend(
  available: bigint,
  request: PriceSwapRequest,
  terms: Pick<QuoteTerms, 'rate' | 'feePercent'>,
): bigint {
  const { from, to } = request;
  const max = inputForOutput(available, from, to, terms.rate, terms.feePercent);
  const fits = outputForDeposit(max, from, to, terms.rate, terms.feePercent).net <= available;
  return fits || max === 0n ? max : max - precisionStep(from);
}
