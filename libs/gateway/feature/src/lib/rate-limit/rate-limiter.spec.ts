import { GOSSIP_INTERVAL_MS, RateLimiter } from './rate-limiter';
import { TokenBucket } from './token-bucket';

describe('TokenBucket (D5: N per second, burst N)', () => {
  it('admits a burst of N, then asks for a whole number of seconds', () => {
    const bucket = new TokenBucket(3, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([0, 0, 0]);
    expect(bucket.take(0)).toBe(1);
    expect(bucket.take(400)).toBe(0); // 1.2 tokens refilled
    expect(bucket.take(400)).toBe(1);
  });

  it('carries debt from other replicas, paid back by the refill', () => {
    const bucket = new TokenBucket(2, 0);
    bucket.debit(10, 0); // floored at -N
    expect(bucket.take(1_000)).toBe(1); // back to 0 tokens after a second
    expect(bucket.take(1_500)).toBe(0);
  });
});

describe('RateLimiter', () => {
  let now: number;
  let sent: Array<Array<{ bucket: string; count: number }>>;
  let limiter: RateLimiter;

  beforeEach(() => {
    jest.useFakeTimers();
    now = 0;
    sent = [];
    limiter = new RateLimiter({ send: (hits) => sent.push(hits) }, () => now);
  });
  afterEach(() => jest.useRealTimers());

  it('limits per key and per endpoint', () => {
    for (let i = 0; i < 2; i++) expect(limiter.take('k1', 'price', 2)).toBe(0);
    expect(limiter.take('k1', 'price', 2)).toBe(1);
    expect(limiter.take('k1', 'status', 2)).toBe(0);
    expect(limiter.take('k2', 'price', 2)).toBe(0);
  });

  it('announces the admitted requests of one event-loop turn in one message, never the refused ones', () => {
    for (let i = 0; i < 5; i++) limiter.take('k1', 'price', 3);
    limiter.take('k2', 'status', 3);
    expect(sent).toEqual([]);
    jest.advanceTimersToNextTimer();
    expect(sent).toEqual([
      [
        { bucket: 'k1:price', count: 3 },
        { bucket: 'k2:status', count: 1 },
      ],
    ]);
    jest.advanceTimersByTime(100);
    expect(sent).toHaveLength(1);
  });

  it('under load announces at most once an interval, the first turn at once', () => {
    limiter.take('k1', 'price', 30);
    jest.advanceTimersByTime(0); // the turn ends
    expect(sent).toHaveLength(1);
    // Further turns within the interval wait for it, and go as one message.
    now += 1;
    limiter.take('k1', 'price', 30);
    jest.advanceTimersByTime(0);
    limiter.take('k2', 'price', 30);
    jest.advanceTimersByTime(0);
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(GOSSIP_INTERVAL_MS);
    expect(sent).toEqual([
      [{ bucket: 'k1:price', count: 1 }],
      [
        { bucket: 'k1:price', count: 1 },
        { bucket: 'k2:price', count: 1 },
      ],
    ]);
    // A request after a quiet interval is announced when its turn ends.
    now += 10 * GOSSIP_INTERVAL_MS;
    limiter.take('k3', 'price', 30);
    jest.advanceTimersByTime(0);
    expect(sent).toHaveLength(3);
  });

  it('debits what other replicas admitted, also before this replica used the bucket', () => {
    limiter.absorb([{ bucket: 'k1:price', count: 3 }]);
    expect(limiter.take('k1', 'price', 3)).toBe(1);
    limiter.take('k2', 'price', 3);
    limiter.absorb([{ bucket: 'k2:price', count: 2 }]);
    expect(limiter.take('k2', 'price', 3)).toBe(1);
  });

  it('forgets debts for buckets it never used once a refill has paid them', () => {
    for (let i = 0; i < 100; i++) limiter.absorb([{ bucket: `k${i}:price`, count: 3 }]);
    expect(limiter.unseenDebts).toBe(100);
    now = 5_000;
    limiter.absorb([{ bucket: 'other:price', count: 1 }]);
    expect(limiter.unseenDebts).toBe(1);
  });

  it('flush sends what is pending at once', () => {
    limiter.take('k1', 'price', 3);
    limiter.flush();
    expect(sent).toEqual([[{ bucket: 'k1:price', count: 1 }]]);
    jest.advanceTimersToNextTimer();
    expect(sent).toHaveLength(1);
  });
});
