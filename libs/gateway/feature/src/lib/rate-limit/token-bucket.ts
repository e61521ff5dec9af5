/**
 * D5: a token bucket of N requests per second with a burst of N. Time is passed in (ms) so the
 * bucket is deterministic under test.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly ratePerSecond: number,
    now: number,
  ) {
    this.tokens = ratePerSecond;
    this.updatedAt = now;
  }

  /** Takes one token; returns 0 when allowed, else the whole seconds (≥ 1) to wait. */
  take(now: number): number {
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / this.ratePerSecond));
  }

  /** Removes tokens spent on other replicas; the balance may go negative (debt is paid by refill). */
  debit(count: number, now: number): void {
    this.refill(now);
    this.tokens = Math.max(this.tokens - count, -this.ratePerSecond);
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.ratePerSecond, this.tokens + elapsed * this.ratePerSecond);
    this.updatedAt = now;
  }
}
