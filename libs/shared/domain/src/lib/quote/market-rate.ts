/** The rate a quote publishes, from USD mid prices keyed by coin ticker (USDTTRC and USDTERC are USDT). */
import { CURRENCIES, CurrencyCode } from '../currencies';
import { SwapErrors } from '../errors';
import { div, parseDecimal, Ratio, toTrimmedDecimal } from './ratio';

export type UsdPrices = Readonly<Record<string, string | undefined>>;

/** Enough digits for 12+ significant figures on the smallest rate between these coins. */
export const RATE_PLACES = 18;

/** USD per coin; a missing, malformed or zero price makes the coin unpriceable. */
export function usdPrice(prices: UsdPrices, code: CurrencyCode): Ratio {
  const { coin } = CURRENCIES[code];
  const text = prices[coin];
  if (text === undefined || !/^\d+(\.\d+)?$/.test(text)) throw SwapErrors.pricingUnavailable(coin);
  const price = parseDecimal(text);
  if (price.num === 0n) throw SwapErrors.pricingUnavailable(coin);
  return price;
}

/**
 * To-coin per 1 from-coin, truncated to RATE_PLACES. Amounts are computed from this published
 * string, so crediting a deposit at swap.rate later reproduces the quote to the unit.
 */
export function marketRate(prices: UsdPrices, from: CurrencyCode, to: CurrencyCode): string {
  const rate = toTrimmedDecimal(div(usdPrice(prices, from), usdPrice(prices, to)), RATE_PLACES);
  if (rate === '0') throw SwapErrors.pricingUnavailable(CURRENCIES[from].coin);
  return rate;
}

/** From-coin per 1 to-coin, the inverse of a published rate. */
export function inverseRate(rate: string): string {
  return toTrimmedDecimal(div({ num: 1n, den: 1n }, parseDecimal(rate)), RATE_PLACES);
}
