import { CURRENCIES, CurrencyCode, SwapErrors, UsdPrices } from '@swap/domain';
import { MarketFeed } from './market-feed';

/**
 * The fresh prices a trade from `from` to `to` goes ahead on, or the reason it cannot yet: a coin
 * without a fresh price ("pricing unavailable"), or a treasury balance in `to` not heard of lately
 * ("payouts unavailable"). Quotes, creates, decisions and crediting all ask this one question.
 */
export function livePrices(market: MarketFeed, from: CurrencyCode, to: CurrencyCode): UsdPrices {
  const prices = market.freshPrices();
  for (const code of [from, to]) {
    if (prices[CURRENCIES[code].coin] === undefined)
      throw SwapErrors.pricingUnavailable(CURRENCIES[code].coin);
  }
  if (!market.liquidityFresh(to)) throw SwapErrors.payoutsUnavailable(to);
  return prices;
}
