import { parseJsonExact, type Logger } from '@swap/domain';
import { CheckOnce } from '../check-once';
import { endpointOf, scrubUrl } from '../evm/evm-rpc-errors';
import type { TronConfig } from './tron-config';

const TIMEOUT_MS = 30_000;

/**
 * java-tron's HTTP API (POST with a JSON body) at TRX_RPC_URL, with TRX_API_KEY as the
 * TRON-PRO-API-KEY header TronGrid wants. Answers are parsed with exact numbers (every number comes
 * back as its decimal text): a balance in sun can pass 2^53. Before the first request, block 0 must
 * be the chain TRX_NETWORK names, so a wrong URL neither sees another chain's deposits nor signs
 * for it. Errors name the node by scheme, host and port only.
 */
export class TronHttp {
  private readonly chainChecked = new CheckOnce(() => this.checkGenesis());

  constructor(
    private readonly config: TronConfig,
    private readonly logger?: Logger,
  ) {}

  get endpoint(): string {
    return endpointOf(this.config.rpcUrl);
  }

  async post<T = Record<string, unknown>>(path: string, body: object = {}): Promise<T> {
    await this.chainChecked.run();
    return this.send<T>(path, body);
  }

  /** Block 0's blockID, as the node answers it (no check against the settings). */
  async genesis(): Promise<string> {
    const block = await this.send<{ blockID?: string }>('wallet/getblockbynum', { num: 0 });
    return block.blockID ?? '(none)';
  }

  /** Block 0's blockID, checked against the configured chain; throws naming the variable. */
  async checkGenesis(): Promise<void> {
    const genesis = await this.genesis();
    const { genesis: allowed, genesisVariable } = this.config;
    if (allowed.length > 0 && !allowed.includes(genesis))
      throw new Error(
        `TRX node ${this.endpoint} is on the chain whose block 0 is ${genesis}, but ${genesisVariable} asks for ${allowed.join(' or ')}`,
      );
    this.logger?.info({ network: 'TRX', endpoint: this.endpoint, genesis }, 'Tron node genesis checked');
  }

  private async send<T>(path: string, body: object): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.config.apiKey) headers['TRON-PRO-API-KEY'] = this.config.apiKey;
    let response: Response;
    let text: string;
    try {
      response = await fetch(new URL(path, withSlash(this.config.rpcUrl)), {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
    } catch (err) {
      throw new Error(`TRX node ${this.endpoint} did not answer ${path}: ${this.describe(err)}`);
    }
    if (response.status === 401 || response.status === 403)
      throw new Error(
        `TRX node ${this.endpoint} refused ${path} (HTTP ${response.status}): check TRX_API_KEY`,
      );
    if (!response.ok)
      throw new Error(`TRX node ${this.endpoint} answered ${path} with HTTP ${response.status}`);
    try {
      return parseJsonExact(text) as T;
    } catch {
      throw new Error(`TRX node ${this.endpoint} answered ${path} with no JSON`);
    }
  }

  private describe(err: unknown): string {
    const cause = (err as { cause?: { code?: string } })?.cause?.code;
    const message = err instanceof Error ? err.message : String(err);
    return scrubUrl(cause ? `${message} (${cause})` : message, this.config.rpcUrl);
  }
}

/** A base URL ending in "/", so relative paths keep its own path (a proxy's prefix). */
const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
