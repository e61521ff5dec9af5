import { parseJsonExact, type Logger } from '@swap/domain';
import { CheckOnce } from '../check-once';
import { jsonObject, NodeHttp } from '../node-http';
import type { SolanaConfig } from './solana-config';

/** The node answered with a JSON-RPC error: its code (-32002 simulation failed, -32007 slot skipped…). */
export class SolanaRpcError extends Error {
  override readonly name = 'SolanaRpcError';

  constructor(
    readonly method: string,
    readonly code: number,
    readonly reason: string,
    /** The error's `data` (a failed simulation's {err, logs}). */
    readonly data: unknown,
  ) {
    super(`${method}: ${reason} (${code})`);
  }
}

/** Answers' numbers: JSON.parse's doubles (fast, for block scans), or exact decimal strings. */
export type Numbers = 'double' | 'exact';

/**
 * JSON-RPC to one Solana node. Written here rather than taken from @solana/kit's RPC client: kit
 * turns every number of an answer into a bigint with a character-by-character rewrite of the JSON,
 * which takes seconds for a mainnet block of thousands of transactions; here a block is parsed by
 * JSON.parse, and money (balances) with exact numbers. Before the first request, the node's genesis
 * hash must be one SOL_NETWORK allows: a wrong URL must neither see another chain's deposits nor
 * sign for it. Errors name the node by scheme, host and port only (NodeHttp).
 */
export class SolanaRpc {
  private nextId = 1;
  private readonly chainChecked = new CheckOnce(() => this.checkGenesis());
  private readonly http: NodeHttp;

  constructor(
    private readonly config: SolanaConfig,
    private readonly logger?: Logger,
  ) {
    this.http = new NodeHttp({ network: 'SOL', url: config.rpcUrl });
  }

  get endpoint(): string {
    return this.http.endpoint;
  }

  async call<T = unknown>(method: string, params: unknown[] = [], numbers: Numbers = 'exact'): Promise<T> {
    return (await this.callWithText<T>(method, params, numbers)).result;
  }

  /** The result, and the answer's text (to read again with exact numbers where doubles fell short). */
  async callWithText<T = unknown>(
    method: string,
    params: unknown[] = [],
    numbers: Numbers = 'exact',
  ): Promise<{ result: T; text: string }> {
    await this.chainChecked.run();
    return this.send<T>(method, params, numbers);
  }

  /** The node's genesis hash, as it answers it (no check against the settings). */
  async genesisHash(): Promise<string> {
    return (await this.send<string>('getGenesisHash', [], 'exact')).result;
  }

  /** The node's genesis hash, checked against the configured chain; throws naming the variable. */
  async checkGenesis(): Promise<void> {
    const genesis = await this.genesisHash();
    const { genesis: allowed, genesisVariable } = this.config;
    if (allowed.length > 0 && !allowed.includes(genesis))
      throw new Error(
        `SOL node ${this.endpoint} is on the chain with genesis ${genesis}, but ${genesisVariable} asks for ${allowed.join(' or ')}`,
      );
    this.logger?.info({ network: 'SOL', endpoint: this.endpoint, genesis }, 'Solana node genesis checked');
  }

  private async send<T>(
    method: string,
    params: unknown[],
    numbers: Numbers,
  ): Promise<{ result: T; text: string }> {
    const answer = await this.http.post(method, { jsonrpc: '2.0', id: this.nextId++, method, params });
    const body = jsonObject(answer.text, numbers === 'exact' ? parseJsonExact : JSON.parse);
    if (body?.error) {
      const { code, message, data } = body.error as { code?: unknown; message?: unknown; data?: unknown };
      throw new SolanaRpcError(method, Number(code), String(message), data);
    }
    if (!answer.ok || !body || !('result' in body))
      throw this.http.failed(answer, `answered ${method} with HTTP ${answer.status}`);
    return { result: body.result as T, text: answer.text };
  }
}

/** True when `err` is the node's JSON-RPC error with one of `codes`. */
export const isSolanaRpcCode = (err: unknown, ...codes: number[]): err is SolanaRpcError =>
  err instanceof SolanaRpcError && codes.includes(err.code);
