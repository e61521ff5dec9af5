import type { Contribution } from './coin-price';
import { SourceQuote } from './price-source';
import { multiplyDecimals } from './scaled';

/**
 * Each source's latest answer and latest failure. A source that fails one refresh still offers its
 * last prices while they are fresh, so one lost request does not take a source out of the median.
 */
export class SourceBook {
  private readonly latest = new Map<string, SourceQuote>();
  private readonly failures = new Map<string, string>();

  constructor(private readonly names: readonly string[]) {}

  answered(quote: SourceQuote): void {
    this.latest.set(quote.source, quote);
    this.failures.delete(quote.source);
  }

  failed(name: string, error: unknown): void {
    this.failures.set(name, error instanceof Error ? error.message : String(error));
  }

  /**
   * What each source offers for `coin` in USD at `now`. A USDT market's mid is converted through
   * `usdtUsd` (the USDT-USD median), and cannot be used without it; USDT itself is priced only
   * from USD markets.
   */
  contributions(coin: string, usdtUsd: string | null, now: number, maxAgeMs: number): Contribution[] {
    return this.names.map((name): Contribution => {
      const quote = this.latest.get(name);
      const failure = this.failures.get(name);
      if (!quote) return { name, status: 'failed', usd: null, at: null, detail: failure ?? 'no answer yet' };
      const mid = quote.prices.get(coin);
      if (!mid || (coin === 'USDT' && mid.quote !== 'USD'))
        return { name, status: 'unlisted', usd: null, at: quote.at };
      let usd = mid.price;
      if (mid.quote === 'USDT') {
        if (usdtUsd === null)
          return {
            name,
            status: 'failed',
            usd: null,
            at: quote.at,
            detail: 'no USDT-USD price to convert with',
          };
        usd = multiplyDecimals(mid.price, usdtUsd);
      }
      const age = now - quote.at;
      if (age >= maxAgeMs)
        return {
          name,
          status: 'stale',
          usd,
          at: quote.at,
          detail: failure ?? `${Math.floor(age / 1000)} s old`,
        };
      return { name, status: 'candidate', usd, at: quote.at };
    });
  }
}
