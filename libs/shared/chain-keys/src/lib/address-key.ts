import { base58 } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Network } from '@swap/domain';
import { childPrivateKey } from './account-keys';
import { evmAddress, p2wpkhAddress, SEGWIT_HRP, tronAddress } from './bip32-addresses';
import { numberToBytesLE } from './bytes';
import { scalarSigner } from './ed25519-signer';
import {
  encodeMoneroAccountPublic,
  moneroAccount,
  moneroAddress,
  moneroSpendScalar,
  parseMoneroAccountPublic,
} from './monero-keys';
import { assertIndex, type Chain } from './paths';
import { solanaAccount, solanaChildSigner } from './solana-keys';

/** The key of one address (treasury only); @swap/chain calls it AddressSigner. */
export interface AddressKey {
  network: Network;
  /** depositAddress(network, <NETWORK>_XPUB, index): index 0 is the hot wallet. */
  address: string;
  index: number;
  /** secp256k1: 33-byte compressed key; ed25519: 32 bytes (for XMR, the address's spend key). */
  publicKey: Uint8Array;
  scheme: 'secp256k1' | 'ed25519';
  /** secp256k1: 65 bytes r‖s‖recovery over sha256(message); ed25519: 64 bytes over message. */
  sign(message: Uint8Array): Uint8Array;
}

/** Key number `index` of a network's account, from the BIP39 seed. */
export function addressKey(
  seed: Uint8Array,
  network: Network,
  index: number,
  chain: Chain = 'mainnet',
): AddressKey {
  assertIndex(index);
  switch (network) {
    case 'SOL': {
      const signer = solanaChildSigner(solanaAccount(seed), index);
      const address = base58.encode(signer.publicKey);
      return { network, address, index, scheme: 'ed25519', ...signer };
    }
    case 'XMR':
      return moneroKey(seed, index, chain);
    default: {
      const privateKey = childPrivateKey(seed, network, index);
      const publicKey = secp256k1.getPublicKey(privateKey, true);
      const address = secpAddress(network, publicKey, chain);
      const sign = (message: Uint8Array) => {
        // noble's recovered format is recovery‖r‖s; the chain interface wants r‖s‖recovery.
        const signature = secp256k1.sign(message, privateKey, { format: 'recovered' });
        return concatBytes(signature.subarray(1), signature.subarray(0, 1));
      };
      return { network, address, index, publicKey, scheme: 'secp256k1', sign };
    }
  }
}

function moneroKey(seed: Uint8Array, index: number, chain: Chain): AddressKey {
  const account = moneroAccount(seed);
  const scalar = moneroSpendScalar(account, index);
  // Secret, fixed per key and different for every subaddress, as for SOL children.
  const domain = utf8ToBytes('swap/xmr-nonce-prefix');
  const prefix = sha512(concatBytes(domain, account.viewSecret, numberToBytesLE(scalar))).slice(0, 32);
  const signer = scalarSigner(scalar, prefix);
  const address = moneroAddress(parseMoneroAccountPublic(encodeMoneroAccountPublic(account)), index, chain);
  return { network: 'XMR', address, index, scheme: 'ed25519', ...signer };
}

function secpAddress(network: 'BTC' | 'LTC' | 'ETH' | 'AVAX' | 'TRX', key: Uint8Array, chain: Chain): string {
  switch (network) {
    case 'BTC':
    case 'LTC':
      return p2wpkhAddress(key, SEGWIT_HRP[network][chain]);
    case 'ETH':
    case 'AVAX':
      return evmAddress(key);
    case 'TRX':
      return tronAddress(key);
  }
}
