/**
 * D5: a token bucket of N requests per second with a burst of N (or N per `periodMs`, burst N).
 * Time is passed in (ms) so the bucket is deterministic under test.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  private readonly perSecond: number;

  constructor(
    private readonly capacity: number,
    now: number,
    periodMs = 1000,
  ) {
    this.tokens = capacity;
    this.updatedAt = now;
    this.perSecond = (capacity * 1000) / periodMs;
  }

  /** Takes one token; returns 0 when allowed, else the whole seconds (≥ 1) to wait. */
  take(now: number): number {
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
  }

  /** Removes tokens spent on other replicas; the balance may go negative (debt is paid by refill). */
  debit(count: number, now: number): void {
    this.refill(now);
    this.tokens = Math.max(this.tokens - count, -this.capacity);
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.perSecond);
    this.updatedAt = now;
  }
}
