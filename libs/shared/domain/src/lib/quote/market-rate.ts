/** The rate a quote publishes, from USD mid prices keyed by coin ticker (USDTTRC and USDTERC are USDT). */
import { CURRENCIES, CurrencyCode } from '../currencies';
import { SwapErrors } from '../errors';
import { memoByString } from './memo';
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
  // A frozen price snapshot (MarketFeed's) cannot change, so its rates are computed once per pair.
  if (!Object.isFrozen(prices)) return computeMarketRate(prices, from, to);
  let rates = RATES.get(prices);
  if (!rates) RATES.set(prices, (rates = new Map()));
  const pair = `${from}/${to}`;
  let rate = rates.get(pair);
  if (rate === undefined) rates.set(pair, (rate = computeMarketRate(prices, from, to)));
  return rate;
}

const RATES = new WeakMap<UsdPrices, Map<string, string>>();

function computeMarketRate(prices: UsdPrices, from: CurrencyCode, to: CurrencyCode): string {
  const rate = toTrimmedDecimal(div(usdPrice(prices, from), usdPrice(prices, to)), RATE_PLACES);
  if (rate === '0') throw SwapErrors.pricingUnavailable(CURRENCIES[from].coin);
  return rate;
}

/** From-coin per 1 to-coin, the inverse of a published rate. */
export const inverseRate = memoByString((rate: string): string =>
  toTrimmedDecimal(div({ num: 1n, den: 1n }, parseDecimal(rate)), RATE_PLACES),
);
