import { signRequest } from './signature';
import type {
  CreateSwapRequest,
  CurrencyInfo,
  Envelope,
  PairInfo,
  Quote,
  QuoteRequest,
  SwapOrder,
} from './types';

export interface SwapClientOptions {
  /** e.g. http://127.0.0.1:8080/v1 */
  baseUrl: string;
  key: string;
  secret: string;
  fetch?: typeof fetch;
  /** Gives up on a request after this long (default 30 s); the error is a TimeoutError. */
  timeoutMs?: number;
}

/** An HTTP error answer of the API: the status and the envelope it carried. */
export class SwapApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: Envelope<unknown>,
  ) {
    super(`${status}: ${envelope.msg}`);
  }
}

/** A typed client that signs every request (decision D2). */
export class SwapClient {
  private readonly base: URL;

  constructor(private readonly options: SwapClientOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  }

  currencies(): Promise<CurrencyInfo[]> {
    return this.call('swap/currencies', {});
  }

  pairs(): Promise<PairInfo[]> {
    return this.call('swap/pairs', {});
  }

  price(request: QuoteRequest): Promise<Quote> {
    return this.call('swap/price', request);
  }

  create(request: CreateSwapRequest): Promise<SwapOrder> {
    return this.call('swap/create', request);
  }

  status(id: string, token?: string): Promise<SwapOrder> {
    return this.call('swap/status', token ? { id, token } : { id });
  }

  resolve(request: {
    id: string;
    choice: 'EXCHANGE' | 'REFUND';
    address?: string;
    token?: string;
  }): Promise<SwapOrder> {
    return this.call('swap/emergency', request);
  }

  advance(id: string, token?: string): Promise<SwapOrder> {
    return this.call('swap/advance', token ? { id, token } : { id });
  }

  /** Sends one signed POST and unwraps the envelope; throws SwapApiError on any error answer. */
  async call<T>(endpoint: string, payload: unknown): Promise<T> {
    const url = new URL(endpoint, this.base);
    const body = JSON.stringify(payload);
    const path = url.pathname + url.search;
    const headers = signRequest(this.options, { method: 'POST', path, body });
    const response = await (this.options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (!response.ok || envelope.code !== 0) throw new SwapApiError(response.status, envelope);
    return envelope.data as T;
  }
}
