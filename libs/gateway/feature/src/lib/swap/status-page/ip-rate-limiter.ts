import { isIPv4 } from 'node:net';
import { TokenBucket } from '../../rate-limit/token-bucket';
import type { Clock } from '@swap/domain';

/**
 * The unsigned pages' limit: a token bucket of N requests per second (burst N) per client IP, or
 * N per `periodMs` (the swap page's creates per minute), an IPv6 client by its /64 (one
 * household's prefix). Kept by each replica on its own: it shields the pages from scraping, it is
 * not D5's per-key contract. A bucket idle for a period is full again, the same as a new one, so
 * it is forgotten: memory follows the clients of the last period, not every IP ever seen.
 */
export class IpRateLimiter {
  private readonly buckets = new Map<string, { bucket: TokenBucket; usedAt: number }>();
  private sweptAt: number;

  constructor(
    private readonly ratePerPeriod: number,
    private readonly clock: Clock = Date.now,
    private readonly periodMs = 1000,
  ) {
    this.sweptAt = clock();
  }

  /** 0 when the request may proceed, else the whole seconds to wait (Retry-After). */
  take(ip: string): number {
    const now = this.clock();
    this.forgetFullBuckets(now);
    const client = clientOf(ip);
    let entry = this.buckets.get(client);
    if (!entry) {
      entry = { bucket: new TokenBucket(this.ratePerPeriod, now, this.periodMs), usedAt: now };
      this.buckets.set(client, entry);
    }
    entry.usedAt = now;
    return entry.bucket.take(now);
  }

  /** Clients with a bucket (those seen within about the last period or two). */
  get clients(): number {
    return this.buckets.size;
  }

  private forgetFullBuckets(now: number): void {
    if (now - this.sweptAt < this.periodMs) return;
    this.sweptAt = now;
    for (const [client, entry] of this.buckets)
      if (now - entry.usedAt >= this.periodMs) this.buckets.delete(client);
  }
}

/** An IPv4 address as it is (also when IPv4-mapped); an IPv6 address by its first 64 bits. */
export function clientOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
