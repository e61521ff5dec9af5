import type { Logger } from '@swap/domain';
import { JsonRpcProvider } from 'ethers';
import { CheckOnce } from '../check-once';
import type { EvmConfig, EvmNetwork } from './evm-config';
import { endpointOf, EvmRpcError, jsonRpcErrorOf, scrubUrl } from './evm-rpc-errors';

/**
 * JSON-RPC to one EVM node. Before the first request goes out, the node's eth_chainId must be the
 * configured one: a wrong URL must not see deposits of another chain, nor sign for it. A node error
 * comes back as EvmRpcError; a node that cannot be reached as an Error without the URL's secrets.
 */
export class EvmRpc {
  private readonly provider: JsonRpcProvider;
  private readonly chainChecked = new CheckOnce(() => this.checkChain());

  constructor(
    readonly network: EvmNetwork,
    private readonly config: EvmConfig,
    private readonly logger?: Logger,
  ) {
    // A static network: ethers asks no eth_chainId of its own. No cache: a nonce read 100 ms after
    // a broadcast must see it. No batching: no 10 ms wait per request, and providers that cap or
    // refuse JSON-RPC batches work.
    this.provider = new JsonRpcProvider(config.rpcUrl, config.chainId, {
      staticNetwork: true,
      cacheTimeout: -1,
      batchMaxCount: 1,
    });
  }

  async call(method: string, params: unknown[] = []): Promise<unknown> {
    await this.chainChecked.run();
    return this.send(method, params);
  }

  private async checkChain(): Promise<void> {
    const answer = await this.send('eth_chainId', []);
    const chainId = typeof answer === 'string' ? BigInt(answer) : null;
    const endpoint = endpointOf(this.config.rpcUrl);
    if (chainId !== this.config.chainId)
      throw new Error(
        `${this.network} node ${endpoint} is on chain id ${chainId}, but ${this.network}_CHAIN_ID is ${this.config.chainId}`,
      );
    this.logger?.info(
      { network: this.network, endpoint, chainId: String(chainId) },
      'EVM node chain id checked',
    );
  }

  private async send(method: string, params: unknown[]): Promise<unknown> {
    try {
      return await this.provider.send(method, params);
    } catch (err) {
      const body = jsonRpcErrorOf(err);
      if (body) throw new EvmRpcError(method, body.code, body.message);
      throw this.unreachable(method, err);
    }
  }

  /** A new error, not the transport's: that one (and its cause chain) quotes the whole URL. */
  private unreachable(method: string, err: unknown): Error {
    const { shortMessage, message, code } = (err ?? {}) as {
      shortMessage?: string;
      message?: string;
      code?: string;
    };
    const reason = scrubUrl(
      `${shortMessage ?? message ?? String(err)} (${code ?? 'no code'})`,
      this.config.rpcUrl,
    );
    return new Error(
      `${this.network} node ${endpointOf(this.config.rpcUrl)} did not answer ${method}: ${reason}`,
    );
  }
}
