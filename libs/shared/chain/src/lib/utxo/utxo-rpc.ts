import { parseJsonExact } from '@swap/domain';
import type { UtxoConfig } from './utxo-config';

/** The node answered with a JSON-RPC error (its code and message, e.g. -5 "No such … transaction"). */
export class UtxoRpcError extends Error {
  override readonly name = 'UtxoRpcError';

  constructor(
    readonly code: number,
    message: string,
    readonly method: string,
  ) {
    super(message);
  }
}

export interface RpcCallOptions {
  /** Calls a wallet method on this loaded wallet (/wallet/<name>). */
  wallet?: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Bitcoin Core JSON-RPC (litecoind speaks the same). Answers are parsed with parseJsonExact, so
 * every number arrives as its exact decimal text: amounts are never rounded through a double.
 * Errors name the node by its origin only: a provider's URL can carry a key in its path or query.
 */
export class UtxoRpc {
  private nextId = 1;

  constructor(private readonly config: Pick<UtxoConfig, 'network' | 'rpcUrl' | 'rpcAuthorization'>) {}

  async call(method: string, params: unknown[] = [], options: RpcCallOptions = {}): Promise<unknown> {
    const { network, rpcUrl } = this.config;
    const url = options.wallet ? new URL(`wallet/${encodeURIComponent(options.wallet)}`, rpcUrl) : rpcUrl;
    const node = new URL(rpcUrl).origin;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: this.config.rpcAuthorization(), 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '1.0', id: this.nextId++, method, params }),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (err) {
      throw new Error(`${network} node ${node} unreachable (${method}): ${describe(err)}`);
    }
    if (response.status === 401 || response.status === 403)
      throw new Error(`${network} node ${node} refused the credentials of ${network}_RPC_URL`);
    // Core answers errors with HTTP 404/500 and a JSON body; anything else is a transport failure.
    const body = parseBody(text);
    if (body?.error) {
      const { code, message } = body.error as { code?: unknown; message?: unknown };
      throw new UtxoRpcError(Number(code), String(message), method);
    }
    if (!response.ok || !body || !('result' in body))
      throw new Error(`${network} node ${node} answered ${method} with HTTP ${response.status}`);
    return body.result;
  }
}

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const body = parseJsonExact(text);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err.cause as { code?: string } | undefined)?.code;
  return cause ? `${err.message} (${cause})` : err.message;
}

/** True when `err` is a JSON-RPC error of the node with one of `codes`. */
export const isRpcCode = (err: unknown, ...codes: number[]): err is UtxoRpcError =>
  err instanceof UtxoRpcError && codes.includes(err.code);
