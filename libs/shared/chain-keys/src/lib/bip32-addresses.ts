import { bech32, createBase58check } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Chain } from './paths';

const base58check = createBase58check(sha256);

export const SEGWIT_HRP: Readonly<Record<'BTC' | 'LTC', Record<Chain, string>>> = {
  BTC: { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' },
  LTC: { mainnet: 'ltc', testnet: 'tltc', regtest: 'rltc' },
};

/** P2WPKH (witness v0, 20-byte key hash) of a compressed secp256k1 key. */
export function p2wpkhAddress(compressedKey: Uint8Array, hrp: string): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(ripemd160(sha256(compressedKey)))]);
}

/** The 20-byte account address of Ethereum and Tron: last 20 bytes of keccak256(X || Y). */
function keccakAddress(publicKey: Uint8Array): Uint8Array {
  const uncompressed =
    publicKey.length === 65 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** EIP-55 mixed-case checksum address of a compressed or uncompressed secp256k1 key. */
export function evmAddress(publicKey: Uint8Array): string {
  const lower = bytesToHex(keccakAddress(publicKey));
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++)
    out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return out;
}

/** Tron: base58check(0x41 || keccak address). */
export function tronAddress(publicKey: Uint8Array): string {
  return base58check.encode(concatBytes(new Uint8Array([0x41]), keccakAddress(publicKey)));
}
