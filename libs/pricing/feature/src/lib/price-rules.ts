/** The rules a coin's price must pass before quotes and credits may use it (issue: live pricing). */
export interface PriceRules {
  /** A source's prices older than this (ms) are stale and left out. */
  maxAgeMs: number;
  /** How many fresh sources within `maxDeviation` of the median a coin needs. */
  minSources(coin: string): number;
  /** The largest distance from the median a source may have, as a fraction ("0.02" = 2 %). */
  maxDeviation: string;
}

export const DEFAULT_MAX_AGE_MS = 30_000;
export const DEFAULT_MIN_SOURCES = 3;
export const DEFAULT_MAX_DEVIATION = '0.02';
