import { Backoff, type Clock } from '@swap/domain';

/** How long a refund that made no progress waits before its next pass: doubled per pass, up to maxMs. */
export interface StallPolicy {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_STALL_POLICY: StallPolicy = { initialMs: 1_000, maxMs: 30_000 };

interface Held {
  why: string;
  passes: number;
  until: number;
}

/**
 * The refunds a pass left where they were (refused, the treasury not signing yet): each waits out a
 * growing delay before it is looked at again, and what holds it up is news (to log) only when it
 * changed. Any progress forgets the wait. Kept in memory: a restart only looks at them once more.
 */
export class Stalls {
  private readonly held = new Map<string, Held>();
  private readonly backoff: Backoff;

  constructor(
    policy: StallPolicy,
    private readonly clock: Clock,
  ) {
    this.backoff = new Backoff({ firstMs: policy.initialMs, maxMs: policy.maxMs });
  }

  /** Whether the refund is due for a pass (it is not waiting out a stall). */
  due(refundId: string): boolean {
    const held = this.held.get(refundId);
    return held === undefined || held.until <= this.clock();
  }

  /** The pass changed nothing, for `why`: when it is looked at again, and whether `why` is news. */
  stalled(refundId: string, why: string): { news: boolean; retryInMs: number } {
    const before = this.held.get(refundId);
    const passes = (before?.passes ?? 0) + 1;
    const retryInMs = this.backoff.delay(passes - 1);
    this.held.set(refundId, { why, passes, until: this.clock() + retryInMs });
    return { news: before?.why !== why, retryInMs };
  }

  progressed(refundId: string): void {
    this.held.delete(refundId);
  }

  /** Forgets the refunds that are no longer open. */
  retain(open: ReadonlySet<string>): void {
    for (const refundId of this.held.keys()) if (!open.has(refundId)) this.held.delete(refundId);
  }
}
