import { parseJsonExact, type Logger } from '@swap/domain';
import { CheckOnce } from '../check-once';
import { NodeHttp } from '../node-http';
import type { TronConfig } from './tron-config';

/**
 * java-tron's HTTP API (POST with a JSON body) at TRX_RPC_URL, with TRX_API_KEY as the
 * TRON-PRO-API-KEY header TronGrid wants. Answers are parsed with exact numbers (every number comes
 * back as its decimal text): a balance in sun can pass 2^53. Before the first request, block 0 must
 * be the chain TRX_NETWORK names, so a wrong URL neither sees another chain's deposits nor signs
 * for it. Errors name the node by scheme, host and port only (NodeHttp).
 */
export class TronHttp {
  private readonly chainChecked = new CheckOnce(() => this.checkGenesis());
  private readonly http: NodeHttp;

  constructor(
    private readonly config: TronConfig,
    private readonly logger?: Logger,
  ) {
    this.http = new NodeHttp({
      network: 'TRX',
      url: config.rpcUrl,
      headers: (): Record<string, string> => (config.apiKey ? { 'TRON-PRO-API-KEY': config.apiKey } : {}),
    });
  }

  get endpoint(): string {
    return this.http.endpoint;
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
    const answer = await this.http.post(path, body, { path });
    if (answer.refused)
      throw this.http.failed(answer, `refused ${path} (HTTP ${answer.status}): check TRX_API_KEY`);
    if (!answer.ok) throw this.http.failed(answer, `answered ${path} with HTTP ${answer.status}`);
    try {
      return parseJsonExact(answer.text) as T;
    } catch {
      throw this.http.failed(answer, `answered ${path} with no JSON`);
    }
  }
}
