import type { PriceEntry, PriceSourceView } from '@swap/contracts';
import { medianScaled } from './median';
import { PriceRules } from './price-rules';
import { deviatesBeyond, fromScaled, percentFrom, toScaled } from './scaled';

/**
 * One source's offer for a coin before the median: a fresh USD price (candidate), or the reason it
 * has none to offer.
 */
export type Contribution =
  | { name: string; status: 'candidate'; usd: string; at: number }
  | (Omit<PriceSourceView, 'status'> & { status: 'stale' | 'failed' | 'unlisted' });

/**
 * A coin's price from its sources' contributions: the median of the fresh ones, after dropping
 * every one further than `maxDeviation` from it (an outlier is left out, not averaged in), then
 * the median of those that remain. With fewer than the coin's minimum left, the coin has no price
 * (`usd` null) and the entry says why.
 */
export function priceCoin(
  coin: string,
  contributions: readonly Contribution[],
  rules: PriceRules,
  now: number,
): PriceEntry {
  const candidates = contributions.flatMap((c) =>
    c.status === 'candidate' ? [{ ...c, scaled: toScaled(c.usd) }] : [],
  );
  const needed = rules.minSources(coin);
  if (candidates.length === 0)
    return unavailable(coin, now, contributions.map(asView), `no fresh source (${needed} needed)`);

  const first = medianScaled(candidates.map((c) => c.scaled));
  const agreeing = candidates.filter((c) => !deviatesBeyond(c.scaled, first, rules.maxDeviation));
  const views = contributions.map((c): PriceSourceView => {
    if (c.status !== 'candidate') return asView(c);
    const scaled = toScaled(c.usd);
    return deviatesBeyond(scaled, first, rules.maxDeviation)
      ? { ...c, status: 'outlier', detail: `${percentFrom(scaled, first)} % from the median` }
      : { ...c, status: 'used' };
  });
  if (agreeing.length < needed)
    return unavailable(
      coin,
      now,
      views,
      `${agreeing.length} fresh source${agreeing.length === 1 ? '' : 's'} within ${percent(rules.maxDeviation)} % of the median, ${needed} needed`,
    );
  return {
    coin,
    usd: fromScaled(medianScaled(agreeing.map((c) => c.scaled))),
    // The price is as old as the oldest data in it.
    at: Math.min(...agreeing.map((c) => c.at)),
    sources: views,
  };
}

function unavailable(coin: string, now: number, sources: PriceSourceView[], reason: string): PriceEntry {
  return { coin, usd: null, at: now, reason, sources };
}

function asView(c: Contribution): PriceSourceView {
  return c.status === 'candidate' ? { ...c, status: 'used' } : c;
}

const percent = (fraction: string): string => fromScaled(toScaled(fraction) * 100n);
