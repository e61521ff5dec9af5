/**
 * A small GET-JSON client on Node's global fetch for public market-data endpoints: a per-request
 * timeout, retries with exponential backoff and jitter on transient failures (network errors,
 * timeouts, HTTP 429 and 5xx), and errors that name the exchange, the URL path and the status.
 */
import { Backoff } from '@swap/domain';

export interface HttpJsonOptions {
  /** Per-attempt timeout covering the response headers and body (default 3000 ms). */
  timeoutMs?: number;
  /** Extra attempts after the first one on transient failures (default 2). */
  retries?: number;
  /** First backoff delay; doubles per retry, plus up to one `backoffMs` of jitter (default 200 ms). */
  backoffMs?: number;
  /** Injectable for tests. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** What a connector needs from HTTP; `parse` defaults to JSON.parse. */
export interface HttpGetter {
  getJson(exchange: string, url: string, parse?: (text: string) => unknown): Promise<unknown>;
}

export class HttpRequestError extends Error {
  constructor(
    readonly exchange: string,
    /** URL path and query, e.g. "/api/v3/ticker/bookTicker". */
    readonly path: string,
    /** HTTP status, when a response arrived. */
    readonly status: number | undefined,
    detail: string,
    /** Whether another attempt may succeed (network error, timeout, 429, 5xx). */
    readonly retryable: boolean,
  ) {
    super(`${exchange}: GET ${path} ${detail}`);
    this.name = 'HttpRequestError';
  }
}

const DEFAULT_TIMEOUT_MS = 3_000;
const DEFAULT_RETRIES = 2;
const DEFAULT_BACKOFF_MS = 200;
const BODY_SNIPPET = 200;

export class HttpJsonClient implements HttpGetter {
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoff: Backoff;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: HttpJsonOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = options.retries ?? DEFAULT_RETRIES;
    const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.backoff = new Backoff({ firstMs: backoffMs, jitterMs: backoffMs, random: options.random });
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** GETs `url` and parses the body; malformed JSON is an error (not retried). */
  async getJson(
    exchange: string,
    url: string,
    parse: (text: string) => unknown = JSON.parse,
  ): Promise<unknown> {
    const { status, text } = await this.request(exchange, url);
    try {
      return parse(text);
    } catch (err) {
      const detail = `returned malformed JSON (HTTP ${status}): ${message(err)}`;
      throw new HttpRequestError(exchange, pathOf(url), status, detail, false);
    }
  }

  /** GETs `url` and returns the body text of a 2xx response, retrying transient failures. */
  async getText(exchange: string, url: string): Promise<string> {
    return (await this.request(exchange, url)).text;
  }

  private async request(exchange: string, url: string): Promise<{ status: number; text: string }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(exchange, url);
      } catch (err) {
        if (!(err instanceof HttpRequestError) || !err.retryable || attempt >= this.retries) throw err;
        await this.sleep(this.backoff.delay(attempt));
      }
    }
  }

  private async attempt(exchange: string, url: string): Promise<{ status: number; text: string }> {
    const path = pathOf(url);
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await this.fetchImpl(url, { signal, headers: { accept: 'application/json' } });
    } catch (err) {
      throw this.transportError(exchange, path, undefined, err);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      throw this.transportError(exchange, path, response.status, err);
    }
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      const snippet = text.replace(/\s+/g, ' ').trim().slice(0, BODY_SNIPPET);
      const detail = `failed: HTTP ${response.status}${snippet ? ` ${snippet}` : ''}`;
      throw new HttpRequestError(exchange, path, response.status, detail, retryable);
    }
    return { status: response.status, text };
  }

  private transportError(exchange: string, path: string, status: number | undefined, err: unknown) {
    const name = errorProp(err, 'name');
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    const detail = timedOut ? `timed out after ${this.timeoutMs} ms` : `failed: ${describe(err)}`;
    return new HttpRequestError(exchange, path, status, detail, true);
  }
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/** Reads an error property by duck typing: fetch's errors may come from another realm than `Error`. */
function errorProp(err: unknown, key: 'name' | 'message' | 'cause' | 'code'): unknown {
  return typeof err === 'object' && err !== null ? (err as Record<string, unknown>)[key] : undefined;
}

function message(err: unknown): string {
  const text = errorProp(err, 'message');
  return typeof text === 'string' ? text : String(err);
}

/** fetch's "fetch failed" hides the reason (ECONNREFUSED, ...) in `cause`. */
function describe(err: unknown): string {
  const cause = errorProp(err, 'cause');
  if (cause === undefined) return message(err);
  const code = errorProp(cause, 'code');
  const causeText = message(cause);
  const detail =
    typeof code === 'string' && !causeText.includes(code) ? `${code} ${causeText}`.trim() : causeText;
  return `${message(err)} (${detail})`;
}
