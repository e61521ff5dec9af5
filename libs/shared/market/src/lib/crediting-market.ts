import { CreditingMarket, CURRENCIES, CurrencyCode, marketRate, SwapErrors } from '@swap/domain';
import { MarketFeed } from './market-feed';
import { pairMinimum } from './trading-switches';

/**
 * The market a deposit is credited at, the moment it has its confirmations (rule 1): the live
 * mid-market rate, what the treasury can pay now (all of it: the operator's share limits what
 * quotes offer, not whether a deposit already made is paid) and the pair's minimum as configured
 * now. A stale price is never used: while a coin has no fresh price this throws "pricing
 * unavailable", and while the treasury's balance in the payout currency is not known lately
 * "payouts unavailable"; the caller tries later.
 */
export function creditingMarket(market: MarketFeed, from: CurrencyCode, to: CurrencyCode): CreditingMarket {
  const prices = market.freshPrices();
  for (const code of [from, to]) {
    if (prices[CURRENCIES[code].coin] === undefined)
      throw SwapErrors.pricingUnavailable(CURRENCIES[code].coin);
  }
  if (!market.liquidityFresh(to)) throw SwapErrors.payoutsUnavailable(to);
  return {
    rate: marketRate(prices, from, to),
    payoutAvailable: market.available(to),
    pairMin: pairMinimum(market, from, to),
  };
}
