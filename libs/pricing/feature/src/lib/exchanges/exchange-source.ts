import { MarketMid, PriceSource, SourceQuote } from '../price-source';
import { CircuitBreaker, CircuitBreakerOptions } from './circuit-breaker';
import { HttpGetter, HttpJsonClient } from './http-json';

export interface ExchangeSourceOptions {
  /** Overrides the exchange's public API base URL (e.g. from PRICE_BINANCE_URL); may carry a path prefix. */
  baseUrl?: string;
  /** HTTP client; defaults to an HttpJsonClient with its default timeout and retries. */
  http?: HttpGetter;
  /** Circuit breaker settings; every source gets its own breaker. */
  breaker?: CircuitBreakerOptions;
}

/** The exchange answered 2xx but not in the documented shape, or with an API-level error. */
export class ExchangeResponseError extends Error {
  constructor(
    readonly exchange: string,
    readonly path: string,
    detail: string,
  ) {
    super(`${exchange}: GET ${path} ${detail}`);
    this.name = 'ExchangeResponseError';
  }
}

/**
 * Base of the exchange connectors: one refresh is `load()` (as few public requests as the exchange
 * allows) run through the source's circuit breaker. A refresh that yields no usable market at all
 * counts as a failure.
 */
export abstract class ExchangeSource implements PriceSource {
  readonly baseUrl: string;
  readonly breaker: CircuitBreaker;
  protected readonly http: HttpGetter;

  protected constructor(
    readonly name: string,
    defaultBaseUrl: string,
    options: ExchangeSourceOptions = {},
  ) {
    this.baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
    this.http = options.http ?? new HttpJsonClient();
    this.breaker = new CircuitBreaker(name, options.breaker);
  }

  async fetch(now: number): Promise<SourceQuote> {
    const prices = await this.breaker.execute(async () => {
      const mids = await this.load();
      if (mids.size === 0) throw new Error(`${this.name}: no usable market in the response`);
      return mids;
    });
    return { source: this.name, at: now, prices };
  }

  /** Fetches and parses the exchange's tickers into a mid per coin. */
  protected abstract load(): Promise<Map<string, MarketMid>>;

  protected getJson(path: string, parse?: (text: string) => unknown): Promise<unknown> {
    return this.http.getJson(this.name, this.baseUrl + path, parse);
  }

  protected shapeError(path: string, detail: string): ExchangeResponseError {
    return new ExchangeResponseError(this.name, path, detail);
  }
}
