import { base58 } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Network } from '@swap/domain';
import { childKeyPair, type SecpKeyPair } from './account-keys';
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
import { assertIndex, type Bip32Network, type Chain } from './paths';
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
  /**
   * secp256k1 only: 65 bytes r‖s‖recovery (low s) over a 32-byte digest the chain computed itself
   * (a BIP143 sighash, an EIP-1559 keccak hash); nothing is hashed again. Throws for ed25519 keys.
   */
  signDigest(digest: Uint8Array): Uint8Array;
}

const noDigests = (network: Network) => () => {
  throw new Error(`${network} keys sign messages, not digests`);
};

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
      const signer = solanaChildSigner(cachedPerSeed(solanaAccounts, seed, solanaAccount), index);
      const address = base58.encode(signer.publicKey);
      return { network, address, index, scheme: 'ed25519', ...signer, signDigest: noDigests(network) };
    }
    case 'XMR':
      return moneroKey(seed, index, chain);
    default:
      return secpAddressKey(network, index, childKeyPair(seed, network, index), chain);
  }
}

/** The AddressKey of a secp256k1 child key (BTC, LTC, ETH, AVAX, TRX), from a seed or an account xprv. */
export function secpAddressKey(
  network: Bip32Network,
  index: number,
  { privateKey, publicKey }: SecpKeyPair,
  chain: Chain = 'mainnet',
): AddressKey {
  const address = secpAddress(network, publicKey, chain);
  // noble's recovered format is recovery‖r‖s; the chain interface wants r‖s‖recovery.
  const recovered = (message: Uint8Array, prehash: boolean) => {
    const signature = secp256k1.sign(message, privateKey, { format: 'recovered', prehash });
    return concatBytes(signature.subarray(1), signature.subarray(0, 1));
  };
  const sign = (message: Uint8Array) => recovered(message, true);
  const signDigest = (digest: Uint8Array) => {
    if (digest.length !== 32) throw new RangeError('a digest is 32 bytes');
    return recovered(digest, false);
  };
  return { network, address, index, publicKey, scheme: 'secp256k1', sign, signDigest };
}

/** Account-level keys by seed: deriving one costs hardened steps and a base-point multiplication. */
const solanaAccounts = new WeakMap<Uint8Array, ReturnType<typeof solanaAccount>>();
const moneroAccounts = new WeakMap<Uint8Array, ReturnType<typeof moneroAccount>>();

function cachedPerSeed<T>(
  cache: WeakMap<Uint8Array, T>,
  seed: Uint8Array,
  derive: (seed: Uint8Array) => T,
): T {
  let value = cache.get(seed);
  if (value === undefined) cache.set(seed, (value = derive(seed)));
  return value;
}

function moneroKey(seed: Uint8Array, index: number, chain: Chain): AddressKey {
  const account = cachedPerSeed(moneroAccounts, seed, moneroAccount);
  const scalar = moneroSpendScalar(account, index);
  // Secret, fixed per key and different for every subaddress, as for SOL children.
  const domain = utf8ToBytes('swap/xmr-nonce-prefix');
  const prefix = sha512(concatBytes(domain, account.viewSecret, numberToBytesLE(scalar))).slice(0, 32);
  const signer = scalarSigner(scalar, prefix);
  const address = moneroAddress(parseMoneroAccountPublic(encodeMoneroAccountPublic(account)), index, chain);
  return { network: 'XMR', address, index, scheme: 'ed25519', ...signer, signDigest: noDigests('XMR') };
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
