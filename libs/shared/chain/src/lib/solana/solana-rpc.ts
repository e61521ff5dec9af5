import { parseJsonExact, type Logger } from '@swap/domain';
import { CheckOnce } from '../check-once';
import { endpointOf, scrubUrl } from '../evm/evm-rpc-errors';
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

const TIMEOUT_MS = 30_000;

/**
 * JSON-RPC to one Solana node. Written here rather than taken from @solana/kit's RPC client: kit
 * turns every number of an answer into a bigint with a character-by-character rewrite of the JSON,
 * which takes seconds for a mainnet block of thousands of transactions; here a block is parsed by
 * JSON.parse, and money (balances) with exact numbers. Before the first request, the node's genesis
 * hash must be one SOL_NETWORK allows: a wrong URL must neither see another chain's deposits nor
 * sign for it. Errors name the node by scheme, host and port only.
 */
export class SolanaRpc {
  private nextId = 1;
  private readonly chainChecked = new CheckOnce(() => this.checkGenesis());

  constructor(
    private readonly config: SolanaConfig,
    private readonly logger?: Logger,
  ) {}

  get endpoint(): string {
    return endpointOf(this.config.rpcUrl);
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
    const body = JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params });
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.config.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
    } catch (err) {
      throw new Error(`SOL node ${this.endpoint} did not answer ${method}: ${this.describe(err)}`);
    }
    const answer = parse(text, numbers);
    if (answer?.error) {
      const { code, message, data } = answer.error as { code?: unknown; message?: unknown; data?: unknown };
      throw new SolanaRpcError(method, Number(code), String(message), data);
    }
    if (!response.ok || !answer || !('result' in answer))
      throw new Error(`SOL node ${this.endpoint} answered ${method} with HTTP ${response.status}`);
    return { result: answer.result as T, text };
  }

  private describe(err: unknown): string {
    const cause = (err as { cause?: { code?: string } })?.cause?.code;
    const message = err instanceof Error ? err.message : String(err);
    return scrubUrl(cause ? `${message} (${cause})` : message, this.config.rpcUrl);
  }
}

function parse(text: string, numbers: Numbers): Record<string, unknown> | null {
  try {
    const value = numbers === 'exact' ? parseJsonExact(text) : JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** True when `err` is the node's JSON-RPC error with one of `codes`. */
export const isSolanaRpcCode = (err: unknown, ...codes: number[]): err is SolanaRpcError =>
  err instanceof SolanaRpcError && codes.includes(err.code);
