import { clientOf, IpRateLimiter } from './ip-rate-limiter';

describe('the status pages’ per-IP rate limit', () => {
  it('admits N a second per client, then says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new IpRateLimiter(3, () => now);
    expect([1, 2, 3].map(() => limiter.take('203.0.113.7'))).toEqual([0, 0, 0]);
    expect(limiter.take('203.0.113.7')).toBe(1);
    expect(limiter.take('203.0.113.8')).toBe(0); // another client has its own bucket
    now += 340;
    expect(limiter.take('203.0.113.7')).toBe(0); // a third of a second refilled one
    expect(limiter.take('203.0.113.7')).toBe(1);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4', () => {
    const limiter = new IpRateLimiter(2, () => 0);
    expect(limiter.take('2001:db8:1:2::1')).toBe(0);
    expect(limiter.take('2001:db8:1:2:ffff:1:2:3')).toBe(0);
    expect(limiter.take('2001:0db8:0001:0002::beef')).toBe(1);
    expect(limiter.take('2001:db8:1:3::1')).toBe(0);
    expect(clientOf('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(clientOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
  });

  it('forgets clients idle for a second: their buckets are full again', () => {
    let now = 0;
    const limiter = new IpRateLimiter(1, () => now);
    for (let i = 0; i < 1000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.clients).toBe(1000);
    now = 1000;
    expect(limiter.take('10.9.9.9')).toBe(0);
    expect(limiter.clients).toBe(1);
    expect(limiter.take('10.0.0.0')).toBe(0); // forgotten: a fresh, full bucket
  });

  it('admits N a period when given one (the swap page: creates per minute)', () => {
    let now = 0;
    const limiter = new IpRateLimiter(2, () => now, 60_000);
    expect([limiter.take('203.0.113.7'), limiter.take('203.0.113.7')]).toEqual([0, 0]);
    expect(limiter.take('203.0.113.7')).toBe(30); // one token every 30 s
    now = 29_000;
    expect(limiter.take('203.0.113.7')).toBe(1);
    now = 30_000;
    expect(limiter.take('203.0.113.7')).toBe(0);
    now = 90_000;
    expect(limiter.take('203.0.113.7')).toBe(0); // idle for the period: forgotten, full again
    expect(limiter.take('203.0.113.7')).toBe(0);
  });
});
