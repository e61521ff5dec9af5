import { randomBytes } from 'node:crypto';
import { SwapApiError, SwapWaitError } from './errors';
import {
  LiveFeed,
  streamSubscriptions,
  streamUrl,
  watchSubscriptions,
  type LiveOptions,
  type LiveSwapEvents,
  type WatchOptions,
} from './live';
import { retryAfterSeconds, retryDelay, sleep, type RetryOptions, type RetryPolicy } from './retry';
import { signRequest } from './signature';
import type {
  AddressValidation,
  CreateSwapRequest,
  CurrencyInfo,
  Endpoint,
  Envelope,
  ListSwapsRequest,
  PairInfo,
  Quote,
  QuoteRequest,
  ResolveRequest,
  ResponseData,
  SwapOrder,
  SwapPage,
  SwapStatsRequest,
  SwapStatus,
  ValidateAddressRequest,
} from './types';

export interface SwapClientOptions {
  /** e.g. http://127.0.0.1:8080/v1 */
  baseUrl: string;
  key: string;
  secret: string;
  fetch?: typeof fetch;
  /** Gives up on one attempt after this long (default 30 s); the error is a TimeoutError. */
  timeoutMs?: number;
  /** When a failed call is sent again (see RetryOptions); `{ maxAttempts: 1 }` never retries. */
  retry?: RetryOptions;
}

export interface CallOptions {
  /** Aborts the call, its retries and its waits. */
  signal?: AbortSignal;
}

export interface CreateOptions extends CallOptions {
  /**
   * D13: the same key and body within 24 h answer with the swap the first request created. When
   * none is given the client makes one, so that its own retries never create a second swap; give
   * your own (your order id) to make retries across processes safe too.
   */
  idempotencyKey?: string;
}

export interface WaitOptions extends CallOptions {
  /** Gives up after this long (SwapWaitError); default: no limit. */
  timeoutMs?: number;
  /** Between two status reads; default 10 s, the interface document's advice (§4.5: 10 to 30 s). */
  intervalMs?: number;
  /** The swap's token, to wait for a swap of another key. */
  token?: string;
}

/** Statuses a swap never leaves (FAILED is not one: operators resolve it, D4). */
const FINAL: readonly SwapStatus[] = ['DONE', 'EXPIRED', 'REFUNDED'];

interface Send extends CallOptions {
  policy: RetryPolicy;
  headers?: Record<string, string>;
}

/**
 * A typed client of the swap API: signs every request (decision D2), unwraps the envelope,
 * retries what can safely be retried, and pages, polls and verifies webhooks for you.
 */
export class SwapClient {
  private readonly base: URL;

  constructor(private readonly options: SwapClientOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  }

  currencies(options?: CallOptions): Promise<CurrencyInfo[]> {
    return this.send('swap/currencies', {}, { ...options, policy: 'idempotent' });
  }

  pairs(options?: CallOptions): Promise<PairInfo[]> {
    return this.send('swap/pairs', {}, { ...options, policy: 'idempotent' });
  }

  price(request: QuoteRequest, options?: CallOptions): Promise<Quote> {
    return this.send('swap/price', request, { ...options, policy: 'idempotent' });
  }

  /** Creates a swap (201); every attempt carries the same Idempotency-Key and a fresh nonce. */
  create(request: CreateSwapRequest, options: CreateOptions = {}): Promise<SwapOrder> {
    const { idempotencyKey = randomBytes(18).toString('base64url'), ...call } = options;
    return this.send('swap/create', request, {
      ...call,
      policy: 'idempotent',
      headers: { 'Idempotency-Key': idempotencyKey },
    });
  }

  /**
   * D18: one swap's versions as they happen (for await … of), over the WebSocket; with `after`,
   * every later stored version first. Reconnects by itself and resumes from the last version seen.
   */
  watch(id: string, options: WatchOptions = {}): LiveSwapEvents {
    return new LiveFeed(() => this.streamUrl(), watchSubscriptions(id, options), options);
  }

  /** D18: every swap of the key from now on, as watch() does for one (unfinished ones resumed after a reconnect). */
  stream(options: LiveOptions = {}): LiveSwapEvents {
    return new LiveFeed(() => this.streamUrl(), streamSubscriptions, options);
  }

  private streamUrl(): string {
    return streamUrl(this.base, this.options.key, this.options.secret);
  }

  status(id: string, token?: string, options?: CallOptions): Promise<SwapOrder> {
    return this.send('swap/status', token ? { id, token } : { id }, { ...options, policy: 'idempotent' });
  }

  /** POST /swap/emergency (alias /swap/resolve): EXCHANGE or REFUND. Retried only after a 429. */
  resolve(request: ResolveRequest, options?: CallOptions): Promise<SwapOrder> {
    return this.send('swap/emergency', request, { ...options, policy: 'rate-limit-only' });
  }

  /** Moves a dry-run swap one step. Retried only after a 429: a lost answer may hide a step taken. */
  advance(id: string, token?: string, options?: CallOptions): Promise<SwapOrder> {
    return this.send('swap/advance', token ? { id, token } : { id }, {
      ...options,
      policy: 'rate-limit-only',
    });
  }

  /** D14: one page of the key's swaps, newest first; `next` is the cursor of the following page. */
  list(request: ListSwapsRequest = {}, options?: CallOptions): Promise<SwapPage> {
    return this.send('swap/list', request, { ...options, policy: 'idempotent' });
  }

  /** D14: every page in turn, from `request.cursor` (or the newest) to the last. */
  async *listPages(request: ListSwapsRequest = {}, options?: CallOptions): AsyncGenerator<SwapPage> {
    let cursor = request.cursor;
    do {
      const page = await this.list({ ...request, cursor }, options);
      yield page;
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
  }

  /** D14: every swap that matches, newest first, across as many pages as it takes. */
  async *listAll(request: ListSwapsRequest = {}, options?: CallOptions): AsyncGenerator<SwapOrder> {
    for await (const page of this.listPages(request, options)) yield* page.items;
  }

  /** D15: whether create would take the address for the currency's chain. */
  validateAddress(request: ValidateAddressRequest, options?: CallOptions): Promise<AddressValidation> {
    return this.send('swap/validate-address', request, { ...options, policy: 'idempotent' });
  }

  /** The key's swap statistics for swaps created in [since, until). */
  stats(request: SwapStatsRequest, options?: CallOptions): Promise<ResponseData<'swap/stats'>> {
    return this.send('swap/stats', request, { ...options, policy: 'idempotent' });
  }

  /**
   * Polls the swap's status until it is one of `statuses` and returns it. Throws SwapWaitError once
   * `timeoutMs` has passed, or at once when the swap ended in a status it cannot leave.
   */
  async waitFor(
    id: string,
    statuses: SwapStatus | readonly SwapStatus[],
    options: WaitOptions = {},
  ): Promise<SwapOrder> {
    const wanted: readonly SwapStatus[] = typeof statuses === 'string' ? [statuses] : statuses;
    const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
    const interval = options.intervalMs ?? 10_000;
    for (;;) {
      const last = await this.status(id, options.token, { signal: options.signal });
      if (wanted.includes(last.status)) return last;
      if (FINAL.includes(last.status))
        throw new SwapWaitError(`swap ${id} ended ${last.status}, not ${wanted.join(' or ')}`, last);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new SwapWaitError(`swap ${id} is still ${last.status}, not ${wanted.join(' or ')}`, last);
      await sleep(Math.min(interval, left), options.signal);
    }
  }

  /**
   * One signed POST to any endpoint, the envelope unwrapped; throws SwapApiError on an error
   * answer. Sent again only after a 429, as it may not be a read.
   */
  call<T = unknown>(endpoint: string, payload: unknown, options?: CallOptions): Promise<T> {
    return this.send(endpoint, payload, { ...options, policy: 'rate-limit-only' });
  }

  private send<E extends Endpoint>(endpoint: E, payload: unknown, send: Send): Promise<ResponseData<E>>;
  private send<T>(endpoint: string, payload: unknown, send: Send): Promise<T>;
  private async send(endpoint: string, payload: unknown, send: Send): Promise<unknown> {
    const body = JSON.stringify(payload);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(endpoint, body, send);
      } catch (error) {
        const wait = send.signal?.aborted
          ? undefined
          : retryDelay(error, attempt, send.policy, this.options.retry ?? {});
        if (wait === undefined) throw error;
        await sleep(wait, send.signal);
      }
    }
  }

  private async attempt(endpoint: string, body: string, send: Send): Promise<unknown> {
    const url = new URL(endpoint, this.base);
    const path = url.pathname + url.search;
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    const response = await (this.options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...send.headers,
        ...signRequest(this.options, { method: 'POST', path, body }),
      },
      body,
      signal: send.signal ? AbortSignal.any([timeout, send.signal]) : timeout,
    });
    const text = await response.text();
    const envelope = parseEnvelope(text, response);
    if (!response.ok || envelope.code !== 0)
      throw new SwapApiError(
        response.status,
        envelope,
        response.status === 429
          ? retryAfterSeconds(response.headers.get('retry-after'), envelope.retry_after)
          : undefined,
      );
    return envelope.data;
  }
}

/** The envelope of the answer; a body that is none (a proxy's error page) becomes an error envelope. */
function parseEnvelope(text: string, response: Response): Envelope<unknown> {
  try {
    const parsed = JSON.parse(text) as Envelope<unknown>;
    if (parsed !== null && typeof parsed === 'object' && 'code' in parsed) return parsed;
  } catch {
    // not JSON: described below
  }
  const msg = `${response.status} ${response.statusText}`.trim() || 'not an API answer';
  return { code: 1, msg, data: null };
}
