import { TokenBucket } from './token-bucket';
import type { Clock } from '@swap/domain';

export interface RateLimitGossip {
  /** Tells the other replicas how many requests this one admitted, per bucket. */
  send(hits: Array<{ bucket: string; count: number }>): void;
}

/** Debts for buckets this replica has not used are forgotten after this long (the bucket refills). */
const UNSEEN_TTL_MS = 2_000;

/**
 * Least time between two announcements. Requests further apart than this are announced as soon as
 * their event-loop turn ends; under load the announcements of the turns within it go as one
 * message (thousands of turns a second would otherwise each send one, and every replica decode it).
 */
export const GOSSIP_INTERVAL_MS = 2;

/**
 * Per key and per endpoint buckets (D5), shared by all gateway replicas: every replica keeps the
 * full bucket locally and debits what the others admitted, which they announce over the bus as
 * soon as the current event-loop turn ends (one message for all requests of that turn), at most
 * once every GOSSIP_INTERVAL_MS. No request waits for the bus; replicas can over-admit at most what
 * races within one bus delay and that interval.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { bucket: TokenBucket; rate: number }>();
  private pending = new Map<string, number>();
  /** Hits other replicas admitted on buckets this one has not created yet. */
  private readonly unseen = new Map<string, { count: number; at: number }>();
  private scheduled: (() => void) | undefined;
  private lastSentAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly gossip: RateLimitGossip,
    private readonly clock: Clock = Date.now,
  ) {}

  /** Returns 0 when the request may proceed, else the seconds to wait (Retry-After). */
  take(apiKey: string, endpoint: string, rate: number): number {
    const name = `${apiKey}:${endpoint}`;
    const wait = this.bucket(name, rate).take(this.clock());
    if (wait === 0) this.announce(name);
    return wait;
  }

  /** Applies what another replica admitted, also to buckets this replica has not used yet. */
  absorb(hits: Array<{ bucket: string; count: number }>): void {
    const now = this.clock();
    this.forgetOldDebts(now);
    for (const { bucket, count } of hits) {
      const entry = this.buckets.get(bucket);
      if (entry) entry.bucket.debit(count, now);
      else this.unseen.set(bucket, { count: (this.unseen.get(bucket)?.count ?? 0) + count, at: now });
    }
  }

  /** Buckets with debts from other replicas that this replica has not used (bounded by UNSEEN_TTL_MS). */
  get unseenDebts(): number {
    return this.unseen.size;
  }

  /** Sends what is still pending (at shutdown). */
  flush(): void {
    this.scheduled?.();
    this.scheduled = undefined;
    if (this.pending.size === 0) return;
    this.lastSentAt = this.clock();
    const hits = [...this.pending].map(([bucket, count]) => ({ bucket, count }));
    this.pending = new Map();
    this.gossip.send(hits);
  }

  private bucket(name: string, rate: number): TokenBucket {
    let entry = this.buckets.get(name);
    if (!entry || entry.rate !== rate) {
      entry = { bucket: new TokenBucket(rate, this.clock()), rate };
      this.buckets.set(name, entry);
      const debt = this.unseen.get(name);
      if (debt) {
        this.unseen.delete(name);
        entry.bucket.debit(debt.count, debt.at);
      }
    }
    return entry.bucket;
  }

  private announce(name: string): void {
    this.pending.set(name, (this.pending.get(name) ?? 0) + 1);
    // Announced when this event-loop turn ends: a client alternating between replicas is still
    // counted in one bucket, and a busy turn still sends one message; under load, once an interval.
    if (this.scheduled) return;
    const wait = this.lastSentAt + GOSSIP_INTERVAL_MS - this.clock();
    if (wait > 0) {
      const timer = setTimeout(() => this.flush(), wait);
      this.scheduled = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.flush());
      this.scheduled = () => clearImmediate(immediate);
    }
  }

  /** A debt older than a full refill no longer matters; without this the map grows with every key. */
  private forgetOldDebts(now: number): void {
    for (const [name, debt] of this.unseen) {
      if (now - debt.at > UNSEEN_TTL_MS) this.unseen.delete(name);
    }
  }
}
