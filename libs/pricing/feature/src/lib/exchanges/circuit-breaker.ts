import type { Clock } from '@swap/domain';

/**
 * A per-exchange circuit breaker. After `failureThreshold` consecutive failed calls it opens for
 * `cooldownMs`, rejecting at once with CircuitOpenError (no request is made). After the cool-down a
 * single trial call is let through (half-open): success closes the circuit, failure re-opens it for
 * another cool-down.
 */
export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit (default 3). */
  failureThreshold?: number;
  /** How long the circuit stays open before a trial call (default 60 000 ms). */
  cooldownMs?: number;
  /** Unix milliseconds; injectable so tests need not sleep. */
  clock?: Clock;
}

export type CircuitState = 'closed' | 'open' | 'half-open';

export class CircuitOpenError extends Error {
  constructor(
    readonly source: string,
    /** Unix milliseconds at which a trial call will be allowed. */
    readonly retryAt: number,
  ) {
    super(`${source}: circuit open until ${new Date(retryAt).toISOString()}, not calling the exchange`);
    this.name = 'CircuitOpenError';
  }
}

export class CircuitBreaker {
  private readonly failureThreshold: number;
  private readonly cooldownMs: number;
  private readonly clock: Clock;
  private failures = 0;
  private openedAt: number | null = null;
  private trialRunning = false;

  constructor(
    readonly name: string,
    options: CircuitBreakerOptions = {},
  ) {
    this.failureThreshold = Math.max(1, options.failureThreshold ?? 3);
    this.cooldownMs = options.cooldownMs ?? 60_000;
    this.clock = options.clock ?? Date.now;
  }

  get state(): CircuitState {
    if (this.openedAt === null) return 'closed';
    return this.clock() - this.openedAt >= this.cooldownMs ? 'half-open' : 'open';
  }

  /** Consecutive failures counted so far (reset by any success). */
  get consecutiveFailures(): number {
    return this.failures;
  }

  async execute<T>(call: () => Promise<T>): Promise<T> {
    const state = this.state;
    // While half-open only one trial runs; concurrent callers are refused like in the open state.
    if (state === 'open' || (state === 'half-open' && this.trialRunning)) {
      throw new CircuitOpenError(this.name, (this.openedAt ?? 0) + this.cooldownMs);
    }
    const trial = state === 'half-open';
    if (trial) this.trialRunning = true;
    try {
      const result = await call();
      this.failures = 0;
      this.openedAt = null;
      return result;
    } catch (err) {
      this.failures++;
      if (trial || this.failures >= this.failureThreshold) this.openedAt = this.clock();
      throw err;
    } finally {
      if (trial) this.trialRunning = false;
    }
  }
}
