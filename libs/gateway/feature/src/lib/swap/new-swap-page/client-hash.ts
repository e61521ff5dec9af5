import { createHmac } from 'node:crypto';
import { clientOf } from '../status-page/ip-rate-limiter';

/**
 * Who created a swap on the page, as the database keeps it: an HMAC of the client (its IPv4
 * address, or its IPv6 /64) under the page's secret. Stable across replicas, so open swaps are
 * counted per client everywhere; never the address, which the database does not need to know.
 */
export class ClientHash {
  constructor(private readonly secret: Buffer) {}

  of(ip: string): string {
    return createHmac('sha256', this.secret)
      .update(`swap-page-client:${clientOf(ip)}`)
      .digest('base64url');
  }
}
