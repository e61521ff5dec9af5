import { CreditingMarket, CURRENCIES, CurrencyCode, marketRate, SwapErrors, toUnits } from '@swap/domain';
import { MarketFeed } from './market-feed';

/** The pair's minimum send, from-currency base units. */
export function pairMinimum(from: CurrencyCode): bigint {
  return toUnits(CURRENCIES[from].min, CURRENCIES[from].chainDecimals);
}

/**
 * The market a deposit is credited at, the moment it has its confirmations (rule 1): the live
 * mid-market rate, what the treasury can pay now and the pair minimum. A stale price is never used:
 * while a coin has no fresh price this throws "pricing unavailable", and the caller tries later.
 */
export function creditingMarket(market: MarketFeed, from: CurrencyCode, to: CurrencyCode): CreditingMarket {
  const prices = market.freshPrices();
  for (const code of [from, to]) {
    if (prices[CURRENCIES[code].coin] === undefined)
      throw SwapErrors.pricingUnavailable(CURRENCIES[code].coin);
  }
  return {
    rate: marketRate(prices, from, to),
    payoutAvailable: market.available(to),
    pairMin: pairMinimum(from),
  };
}
