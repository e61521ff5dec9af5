import { parseJsonExact, stringifyJsonExact } from '@swap/domain';
import { DigestSession, type HttpAnswer } from './digest-auth';
import { httpPost, postAgent, type PostAgent } from './http-post';

/** The node answered a JSON-RPC call with an error object. */
export class MoneroRpcError extends Error {
  override readonly name = 'MoneroRpcError';

  constructor(
    readonly method: string,
    readonly code: number,
    readonly detail: string,
  ) {
    super(`${method}: ${detail} (code ${code})`);
  }
}

/** The node could not be reached or did not answer HTTP as expected: worth trying again later. */
export class MoneroUnreachableError extends Error {
  override readonly name = 'MoneroUnreachableError';
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * One monerod or monero-wallet-rpc endpoint. Numbers in answers come back as their exact source
 * text (amounts exceed 2^53). Credentials in the URL are used for HTTP digest authentication and
 * never appear in messages.
 */
export class MoneroRpc {
  /** The URL without credentials, for messages and logs. */
  readonly label: string;
  private readonly base: string;
  private readonly digest?: DigestSession;
  private readonly agent: PostAgent;

  constructor(url: string, role: 'monerod' | 'monero-wallet-rpc') {
    const parsed = new URL(url);
    if (parsed.username || parsed.password)
      this.digest = new DigestSession(
        decodeURIComponent(parsed.username),
        decodeURIComponent(parsed.password),
      );
    parsed.username = '';
    parsed.password = '';
    this.base = parsed.href.replace(/\/+$/, '');
    this.label = `${role} at ${this.base}`;
    this.agent = postAgent(parsed, this.digest !== undefined);
  }

  /** A JSON-RPC method (/json_rpc): its result, or a MoneroRpcError. */
  async call(method: string, params: object = {}, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<unknown> {
    const body = { jsonrpc: '2.0', id: '0', method, params };
    const answer = (await this.post('/json_rpc', body, timeoutMs)) as {
      result?: unknown;
      error?: { code?: string; message?: string };
    };
    if (answer.error) throw new MoneroRpcError(method, Number(answer.error.code), answer.error.message ?? '');
    if (answer.result === undefined)
      throw new MoneroUnreachableError(`${this.label}: ${method} gave no result`);
    return answer.result;
  }

  /** One of monerod's plain JSON endpoints (/get_transactions, /send_raw_transaction…). */
  async post(path: string, body: object, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<unknown> {
    const url = this.base + path;
    const send = (authorization?: string) =>
      this.send(url, stringifyJsonExact(body), timeoutMs, authorization);
    const answer = this.digest ? await this.digest.request(new URL(url).pathname, send) : await send();
    if (answer.status === 401)
      throw new MoneroUnreachableError(`${this.label} refused the request: check the credentials in its URL`);
    if (answer.status !== 200)
      throw new MoneroUnreachableError(`${this.label} answered HTTP ${answer.status}`);
    try {
      return parseJsonExact(answer.text);
    } catch {
      throw new MoneroUnreachableError(`${this.label} answered something other than JSON`);
    }
  }

  private async send(
    url: string,
    body: string,
    timeoutMs: number,
    authorization?: string,
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = authorization ? { authorization } : {};
    try {
      return await httpPost(new URL(url), body, headers, this.agent, timeoutMs);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new MoneroUnreachableError(`${this.label} is unreachable: ${reason}`);
    }
  }
}
