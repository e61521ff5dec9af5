import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { addressKey } from '@swap/chain-keys';
import { lazy, NETWORKS, type Network } from '@swap/domain';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: start-up time (issue 31)
const ethers = lazy(() => require('ethers') as typeof import('ethers'));

/**
 * The one spelling of an address the ledger keys on, for formats that allow several: EIP-55 for
 * EVM addresses (so a deposit to the lower-case form reaches the same account and is reported as
 * deposit addresses are derived), lower case for bech32. Call only with a valid address.
 */
export function canonicalAddress(network: Network, address: string): string {
  switch (network) {
    case 'ETH':
    case 'AVAX':
      return ethers().getAddress(address);
    case 'BTC':
    case 'LTC':
      return /^(bc|ltc)1/i.test(address) ? address.toLowerCase() : address;
    default:
      return address;
  }
}

let faucets: Record<Network, string> | undefined;

/** The outside wallet deposits come from: a fixed key nobody in the system holds. */
export function faucetAddress(network: Network): string {
  faucets ??= Object.fromEntries(
    NETWORKS.map((n) => [n, addressKey(sha256(utf8ToBytes('swap devnet faucet')), n, 0).address]),
  ) as Record<Network, string>;
  return faucets[network];
}
