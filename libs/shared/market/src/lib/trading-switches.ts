import { CURRENCIES, CurrencyCode, SwapErrors, toUnits } from '@swap/domain';
import { MarketFeed } from './market-feed';

/** The service receives `code` now (the currency list's `recv`). */
export const receives = (market: MarketFeed, code: CurrencyCode): boolean =>
  market.currency(code).enabled && market.currency(code).deposits;

/** The service sends `code` now (the currency list's `send`). */
export const sends = (market: MarketFeed, code: CurrencyCode): boolean =>
  market.currency(code).enabled && market.currency(code).payouts;

/** The pair list's `available`: neither the pair nor either side is switched off. */
export const pairAvailable = (market: MarketFeed, from: CurrencyCode, to: CurrencyCode): boolean =>
  market.pair(from, to).enabled && receives(market, from) && sends(market, to);

/**
 * Refuses a quote or a create on a pair an operator switched off: the pair or one of its
 * currencies under maintenance, or payouts of the destination stopped → "pair under maintenance";
 * for a create only, deposits of the source stopped → "deposits temporarily unavailable" (a quote
 * still answers: `swapctl currencies disable CODE --deposits` stops new swaps, not prices).
 */
export function assertPairOpen(
  market: MarketFeed,
  from: CurrencyCode,
  to: CurrencyCode,
  purpose: 'quote' | 'create',
): void {
  const source = market.currency(from);
  if (!market.pair(from, to).enabled || !source.enabled || !sends(market, to))
    throw SwapErrors.pairUnderMaintenance(from, to);
  if (purpose === 'create' && !source.deposits) throw SwapErrors.depositsUnavailable(from);
}

/** The pair's minimum send in `from` base units: its configured one, never below the currency's. */
export function pairMinimum(market: MarketFeed, from: CurrencyCode, to: CurrencyCode): bigint {
  const { chainDecimals, min } = CURRENCIES[from];
  const floor = toUnits(min, chainDecimals);
  const configured = market.pair(from, to).min;
  const pairMin = configured === null ? 0n : toUnits(configured, chainDecimals);
  return pairMin > floor ? pairMin : floor;
}

/**
 * What a quote may promise in `code`, base units: the share of the treasury's available balance
 * the operator offers (`liquidityPercent`); null = no limit (no balance known, or a share of 0).
 */
export function offeredLiquidity(market: MarketFeed, code: CurrencyCode): bigint | null {
  const available = market.available(code);
  const percent = toUnits(market.currency(code).liquidityPercent, 4);
  if (available === null || percent === 0n) return null;
  return (available * percent) / 1_000_000n;
}
