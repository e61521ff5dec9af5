import type { PriceEntry } from '@swap/contracts';
import { notReady, type NotReady } from '@swap/service-kit';

/** How long pricing goes without a refresh that landed before it says so: three, at least 30 s. */
export const refreshSilenceLimitMs = (refreshMs: number): number => Math.max(3 * refreshMs, 30_000);

/**
 * Pricing's readiness: every coin priced by the last refresh, and that refresh recent (within
 * `limitMs`). Otherwise the reason lists the coins without a price and why, in the rules' words
 * (never a source's error, which may carry a URL).
 */
export function pricesReadiness(
  last: { at: number; entries: readonly PriceEntry[] } | null,
  now: number,
  limitMs: number,
): true | NotReady {
  if (last === null || last.entries.length === 0) return notReady('no refresh has priced the coins yet');
  if (now - last.at >= limitMs)
    return notReady(
      `no refresh has landed since ${new Date(last.at).toISOString()} (${Math.round((now - last.at) / 1000)} s)`,
    );
  const unpriced = last.entries.filter((entry) => entry.usd === null);
  if (unpriced.length === 0) return true;
  const list = unpriced.map((entry) => `${entry.coin} (${entry.reason ?? 'no price'})`).join(', ');
  return notReady(
    unpriced.length === last.entries.length ? `no coin has a price: ${list}` : `no price for ${list}`,
  );
}
