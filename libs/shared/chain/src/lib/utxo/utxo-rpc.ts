import { jsonObject, NodeHttp } from '../node-http';
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

/**
 * Bitcoin Core JSON-RPC (litecoind speaks the same). Answers are parsed with parseJsonExact, so
 * every number arrives as its exact decimal text: amounts are never rounded through a double.
 * NodeHttp carries it, and keeps the node's credentials, path and query out of every error.
 */
export class UtxoRpc {
  private nextId = 1;
  private readonly http: NodeHttp;

  constructor(private readonly config: Pick<UtxoConfig, 'network' | 'rpcUrl' | 'rpcAuthorization'>) {
    this.http = new NodeHttp({
      network: config.network,
      url: config.rpcUrl,
      headers: () => ({ authorization: config.rpcAuthorization() }),
      unanswered: (method) => `unreachable (${method})`,
    });
  }

  async call(method: string, params: unknown[] = [], options: RpcCallOptions = {}): Promise<unknown> {
    const { network } = this.config;
    const path = options.wallet ? `wallet/${encodeURIComponent(options.wallet)}` : undefined;
    const envelope = { jsonrpc: '1.0', id: this.nextId++, method, params };
    const answer = await this.http.post(method, envelope, { path, timeoutMs: options.timeoutMs });
    if (answer.refused) throw this.http.failed(answer, `refused the credentials of ${network}_RPC_URL`);
    // Core answers errors with HTTP 404/500 and a JSON body; anything else is a transport failure.
    const body = jsonObject(answer.text);
    if (body?.error) {
      const { code, message } = body.error as { code?: unknown; message?: unknown };
      throw new UtxoRpcError(Number(code), String(message), method);
    }
    if (!answer.ok || !body || !('result' in body))
      throw this.http.failed(answer, `answered ${method} with HTTP ${answer.status}`);
    return body.result;
  }
}

/** True when `err` is a JSON-RPC error of the node with one of `codes`. */
export const isRpcCode = (err: unknown, ...codes: number[]): err is UtxoRpcError =>
  err instanceof UtxoRpcError && codes.includes(err.code);
