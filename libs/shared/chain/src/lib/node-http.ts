import { parseJsonExact } from '@swap/domain';
import { endpointOf, scrubUrl } from './evm/evm-rpc-errors';

/** The node did not answer: the connection refused or reset, or no answer within the timeout. */
export class NodeUnreachableError extends Error {
  override readonly name = 'NodeUnreachableError';
}

/** The node answered, but not in its protocol: an HTTP error with no error of the protocol, or no JSON. */
export class NodeAnswerError extends Error {
  override readonly name: string = 'NodeAnswerError';

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The node refused the request (HTTP 401 or 403): its credentials or API key, which no retry mends. */
export class NodeRefusedError extends NodeAnswerError {
  override readonly name = 'NodeRefusedError';
}

export interface NodeHttpOptions {
  /** The network, as errors name the node: "LTC node http://127.0.0.1:9332 …". */
  network: string;
  /** The node's URL. Its credentials, path and query never appear in an error: they may hold a key. */
  url: string;
  /** Per request; 30 s unless given. */
  timeoutMs?: number;
  /** Headers of every request; a function, so that a secret never sits in a field a log could show. */
  headers?: () => Record<string, string>;
  /** How an error says the node did not answer `what`; "did not answer <what>" unless given. */
  unanswered?: (what: string) => string;
}

/** What the node answered, whatever its HTTP status. */
export interface NodeAnswer {
  status: number;
  ok: boolean;
  /** HTTP 401 or 403. */
  refused: boolean;
  text: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * JSON over HTTP POST to one chain node: the transport under the JSON-RPC clients (UTXO, Solana)
 * and Tron's HTTP API, which each keep only their protocol. Errors name the node by scheme, host and
 * port only, and carry no cause: fetch's errors can hold the whole URL, credentials included.
 */
export class NodeHttp {
  /** Scheme, host and port: all an error or a log line says of the node. */
  readonly endpoint: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: NodeHttpOptions) {
    this.endpoint = endpointOf(options.url);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /**
   * POSTs `body` as JSON to the URL, or to `path` below it (the URL's own path kept: a proxy's
   * prefix), for `what` (a method, a path). Resolves to any answer; NodeUnreachableError when none came.
   */
  async post(
    what: string,
    body: unknown,
    options: { path?: string; timeoutMs?: number } = {},
  ): Promise<NodeAnswer> {
    const { url, headers } = this.options;
    const target = options.path === undefined ? url : new URL(options.path, withSlash(url));
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers?.() },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
      });
      const text = await response.text();
      const { status, ok } = response;
      return { status, ok, refused: status === 401 || status === 403, text };
    } catch (err) {
      const unanswered = this.options.unanswered?.(what) ?? `did not answer ${what}`;
      throw new NodeUnreachableError(this.says(`${unanswered}: ${this.describe(err)}`));
    }
  }

  /** The error for an answer that is not the protocol's: "<network> node <endpoint> <sentence>". */
  failed(answer: NodeAnswer, sentence: string): NodeAnswerError {
    const Failure = answer.refused ? NodeRefusedError : NodeAnswerError;
    return new Failure(this.says(sentence), answer.status);
  }

  private says(sentence: string): string {
    return `${this.options.network} node ${this.endpoint} ${sentence}`;
  }

  /** fetch's message with the code it hides in `cause` (ECONNREFUSED…), the URL's secrets removed. */
  private describe(err: unknown): string {
    // Duck-typed: fetch's errors may come from another realm than this `Error` (jest's sandbox).
    const { message, cause } = (err ?? {}) as { message?: unknown; cause?: { code?: unknown } };
    const text = typeof message === 'string' ? message : String(err);
    const code = typeof cause?.code === 'string' ? cause.code : undefined;
    return scrubUrl(code ? `${text} (${code})` : text, this.options.url);
  }
}

/** The answer's JSON when it is an object (a JSON-RPC envelope), else null; numbers exact unless `parse` says. */
export function jsonObject(
  text: string,
  parse: (text: string) => unknown = parseJsonExact,
): Record<string, unknown> | null {
  try {
    const value = parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A base URL ending in "/", so relative paths keep its own path (a proxy's prefix). */
const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
