import { depositAddress } from '@swap/chain-keys';
import { Network } from '@swap/domain';

export type ChainParams = 'mainnet' | 'testnet' | 'regtest';

/** Dry-run deposit addresses come from a separate index range that no watcher follows. */
export const DRYRUN_INDEX_OFFSET = 1_000_000_000;

/**
 * Fresh deposit addresses from the treasury's account public keys (<NETWORK>_XPUB): the engine
 * never holds a private key. Indices come from a per-network counter in the engine's database.
 */
export class DepositAddresses {
  constructor(
    private readonly accounts: Readonly<Record<Network, string>>,
    private readonly chains: Readonly<Record<Network, ChainParams>>,
  ) {}

  address(network: Network, index: number): string {
    return depositAddress(network, this.accounts[network], index, { chain: this.chains[network] });
  }
}
