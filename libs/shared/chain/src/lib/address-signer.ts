import { addressKey } from '@swap/chain-keys';
import type { Network } from '@swap/domain';
import type { AddressSigner } from './chain-sender';

/**
 * The signer of address `index` of a network's account (index 0 is the hot wallet), from the
 * treasury's BIP39 seed (mnemonicToSeed(TREASURY_MNEMONIC)). Its address is
 * depositAddress(network, <NETWORK>_XPUB, index).
 */
export function addressSigner(seed: Uint8Array, network: Network, index: number): AddressSigner {
  return addressKey(seed, network, index);
}
