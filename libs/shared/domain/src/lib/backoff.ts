export interface BackoffOptions {
  /** The first delay, in ms. */
  firstMs: number;
  /** What each delay is multiplied by to give the next (default 2). */
  factor?: number;
  /** The longest delay, in ms, before jitter (default: none). */
  maxMs?: number;
  /** Up to this many whole ms added at random to each delay, so that clients do not retry in step. */
  jitterMs?: number;
  /** A number in [0, 1), for the jitter. */
  random?: () => number;
}

/**
 * Exponential backoff as a pure schedule, shared by every service (the SDK keeps its own copy, to
 * stay dependency-free). Written here rather than taken from `exponential-backoff` or `p-retry`:
 * those run the retry loop themselves, while most users here only need the delay, for a
 * JetStream nak, a restart timer, a row's next attempt or a "due yet?" check.
 */
export class Backoff {
  private readonly firstMs: number;
  private readonly factor: number;
  private readonly maxMs: number;
  private readonly jitterMs: number;
  private readonly random: () => number;

  constructor(options: BackoffOptions) {
    const { firstMs, factor = 2, maxMs = Infinity, jitterMs = 0 } = options;
    if (!(firstMs >= 0) || !(factor >= 1) || !(maxMs >= 0) || !(jitterMs >= 0))
      throw new RangeError('a backoff needs firstMs ≥ 0, factor ≥ 1, maxMs ≥ 0 and jitterMs ≥ 0');
    this.firstMs = firstMs;
    this.factor = factor;
    this.maxMs = maxMs;
    this.jitterMs = jitterMs;
    this.random = options.random ?? Math.random;
  }

  /** The delay after `retry` earlier retries (0 for the first): firstMs × factor^retry, at most maxMs, plus jitter. */
  delay(retry: number): number {
    // 0 × Infinity is NaN: a zero first delay stays zero however many retries.
    const grown = this.firstMs === 0 ? 0 : this.firstMs * this.factor ** Math.max(0, retry);
    const capped = Math.min(grown, this.maxMs);
    return this.jitterMs > 0 ? capped + Math.floor(this.random() * this.jitterMs) : capped;
  }
}
