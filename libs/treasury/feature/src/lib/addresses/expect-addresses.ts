import type { SwapSnapshot } from '@swap/contracts';
import { CURRENCIES, NETWORKS, type Network, type Logger, type Clock } from '@swap/domain';
import { DependencyWaits } from '@swap/service-kit';
import type { ChainNodes } from '../chains/chain-nodes';

/**
 * Tells a network's node-side wallet about deposit addresses as swaps hand them out, so what they
 * receive can be spent (a UTXO node's watch-only wallet, Monero subaddresses). Best effort per swap
 * event: a node that is down must not hold up the swap books, so the highest index asked for is
 * kept and asked again on a timer until the node has taken it.
 *
 * Index 0, the hot wallet, is wanted from the start: a node wallet that does not watch it yet (a new
 * one) shows none of its coins, and the hot wallet's balance is the liquidity quotes offer. Each
 * time a node takes addresses, `taken` hears of it: coins they already held now count.
 */
export class ExpectDepositAddresses {
  private readonly wanted = new Map<Network, number>();
  private readonly known = new Map<Network, number>();
  /** A node still starting is one line per outage, not one per retry. */
  private readonly waits: DependencyWaits<Network>;

  constructor(
    private readonly chains: ChainNodes,
    logger: Logger,
    private readonly taken: (network: Network) => void = () => undefined,
    clock: Clock = Date.now,
  ) {
    this.waits = new DependencyWaits((network) => `node addresses of ${network}`, logger, {
      faultLevel: 'warn',
      clock,
    });
    for (const network of NETWORKS) if (chains.sender(network).expectAddresses) this.wanted.set(network, 0);
  }

  async onSwapUpdated(swap: SwapSnapshot): Promise<void> {
    const network = CURRENCIES[swap.from].network;
    if (swap.dryrun || swap.depositIndex === null || !this.chains.sender(network).expectAddresses) return;
    if (swap.depositIndex <= (this.wanted.get(network) ?? -1)) return;
    this.wanted.set(network, swap.depositIndex);
    await this.tell(network);
  }

  /** Asks again wherever the node has not taken the latest index yet (a node away: after its backoff). */
  async retry(): Promise<void> {
    for (const network of this.wanted.keys()) if (this.waits.of(network).due()) await this.tell(network);
  }

  private async tell(network: Network): Promise<void> {
    const index = this.wanted.get(network) ?? 0;
    if (index <= (this.known.get(network) ?? -1)) return;
    try {
      await this.chains.sender(network).expectAddresses?.(index);
      this.known.set(network, Math.max(index, this.known.get(network) ?? -1));
      this.waits.of(network).succeeded();
      this.taken(network);
    } catch (err) {
      this.waits
        .of(network)
        .failed(err, 'the node did not take the new deposit addresses; retrying', { network, index });
    }
  }
}
