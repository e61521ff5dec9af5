import { base58 } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { Network } from '@swap/domain';
import { evmAddress, p2wpkhAddress, SEGWIT_HRP, tronAddress } from './bip32-addresses';
import { moneroAddressSpendKey } from './monero-keys';
import type { Chain } from './paths';

/**
 * Whether `publicKey` controls `address` on `network`, by the address functions that derive
 * deposit addresses: P2WPKH (BTC, LTC), EIP-55 (ETH, AVAX, compared without case), T… (TRX), the
 * key itself (SOL) and, for Monero, the spend key written in the (sub)address.
 */
export function keyControlsAddress(
  network: Network,
  address: string,
  publicKey: Uint8Array,
  chain: Chain = 'mainnet',
): boolean {
  try {
    switch (network) {
      case 'BTC':
      case 'LTC':
        return (
          publicKey.length === 33 &&
          p2wpkhAddress(checked(publicKey), SEGWIT_HRP[network][chain]) === address.toLowerCase()
        );
      case 'ETH':
      case 'AVAX':
        return evmAddress(checked(publicKey)).toLowerCase() === address.toLowerCase();
      case 'TRX':
        return tronAddress(checked(publicKey)) === address;
      case 'SOL':
        return publicKey.length === 32 && base58.encode(publicKey) === address;
      case 'XMR': {
        const spendKey = moneroAddressSpendKey(address);
        return publicKey.length === 32 && spendKey.every((byte, i) => byte === publicKey[i]);
      }
    }
  } catch {
    return false;
  }
}

/** A secp256k1 key that decodes to a point (throws otherwise). */
function checked(publicKey: Uint8Array): Uint8Array {
  secp256k1.Point.fromBytes(publicKey);
  return publicKey;
}
