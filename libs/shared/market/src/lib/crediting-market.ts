import { CreditingMarket, CurrencyCode, marketRate } from '@swap/domain';
import { livePrices } from './live-prices';
import { MarketFeed } from './market-feed';
import { pairMinimum } from './trading-switches';

/**
 * The market a deposit is credited at, the moment it has its confirmations (rule 1): the live
 * mid-market rate, what the treasury can pay now (all of it: the operator's share limits what
 * quotes offer, not whether a deposit already made is paid) and the pair's minimum as configured
 * now. A stale price or balance is never used (livePrices throws); the caller tries later.
 */
export function creditingMarket(market: MarketFeed, from: CurrencyCode, to: CurrencyCode): CreditingMarket {
  const prices = livePrices(market, from, to);
  return {
    rate: marketRate(prices, from, to),
    payoutAvailable: market.available(to),
    pairMin: pairMinimum(market, from, to),
  };
}
