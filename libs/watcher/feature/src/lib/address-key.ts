import type { Network } from '@swap/domain';

/**
 * The form in which addresses are compared. EVM addresses come in either letter case (EIP-55 from
 * our own derivation, lower case from nodes); the other networks' formats are case-sensitive
 * (base58) or canonical already (bech32 in lower case, Monero).
 */
export function addressKey(network: Network, address: string): string {
  return network === 'ETH' || network === 'AVAX' ? address.toLowerCase() : address;
}
