import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToNumberLE, numberToBytesLE, u32be } from './bytes';
import { baseMultiply, decodeSubgroupPoint, EdPoint, modL } from './ed25519-math';
import { Ed25519Signer, scalarSigner } from './ed25519-signer';
import { ACCOUNT_PATHS, assertIndex } from './paths';
import { slip10Ed25519 } from './slip10';

/**
 * SOL account public string: "solpub:" + hex(A || c), 128 hex digits, where A is the account's
 * ed25519 public key and c its 32-byte chain code. Child i has the public key A + t_i·G with
 * t_i = SHA-512(c || A || u32be(i)) mod L (the additive "soft" derivation of BIP32-Ed25519 and
 * Tor key blinding), so a watcher derives deposit addresses without any secret.
 */
export const SOLANA_ACCOUNT_PREFIX = 'solpub:';

/** Treasury only: the account scalar a and chain code c, from SLIP-0010 at m/44'/501'/0'. */
export interface SolanaAccount {
  scalar: bigint;
  chainCode: Uint8Array;
  publicKey: Uint8Array;
}

export interface SolanaAccountPublic {
  publicKey: Uint8Array;
  chainCode: Uint8Array;
  point: EdPoint;
}

/**
 * a is the clamped RFC 8032 scalar of the SLIP-0010 key, so A is the standard ed25519 public key
 * of that node (what wallets show for m/44'/501'/0'); c is the node's chain code.
 */
export function solanaAccount(seed: Uint8Array): SolanaAccount {
  const node = slip10Ed25519(seed, ACCOUNT_PATHS.SOL);
  const head = sha512(node.privateKey).slice(0, 32);
  head[0] &= 248;
  head[31] &= 127;
  head[31] |= 64;
  const scalar = modL(bytesToNumberLE(head));
  return { scalar, chainCode: node.chainCode, publicKey: baseMultiply(scalar).toBytes() };
}

export function encodeSolanaAccountPublic(account: { publicKey: Uint8Array; chainCode: Uint8Array }): string {
  return SOLANA_ACCOUNT_PREFIX + bytesToHex(account.publicKey) + bytesToHex(account.chainCode);
}

export function parseSolanaAccountPublic(text: string): SolanaAccountPublic {
  if (
    !text.startsWith(SOLANA_ACCOUNT_PREFIX) ||
    !/^[0-9a-f]{128}$/.test(text.slice(SOLANA_ACCOUNT_PREFIX.length))
  ) {
    throw new Error(`SOL account public key must be "${SOLANA_ACCOUNT_PREFIX}" + 128 lowercase hex digits`);
  }
  const bytes = hexToBytes(text.slice(SOLANA_ACCOUNT_PREFIX.length));
  const publicKey = bytes.slice(0, 32);
  return { publicKey, chainCode: bytes.slice(32), point: decodeSubgroupPoint(publicKey, 'SOL account key') };
}

function childTweak(publicKey: Uint8Array, chainCode: Uint8Array, index: number): bigint {
  assertIndex(index);
  return modL(bytesToNumberLE(sha512(concatBytes(chainCode, publicKey, u32be(index)))));
}

/** Watcher side: the 32-byte public key (= Solana address bytes) of child `index`. */
export function solanaChildPublicKey(account: SolanaAccountPublic, index: number): Uint8Array {
  return account.point.add(baseMultiply(childTweak(account.publicKey, account.chainCode, index))).toBytes();
}

/** Treasury side: the private scalar (a + t_i) mod L of child `index`. */
export function solanaChildScalar(account: SolanaAccount, index: number): bigint {
  return modL(account.scalar + childTweak(account.publicKey, account.chainCode, index));
}

/**
 * Treasury side: a signer for child `index`. Its nonce prefix hashes the child scalar with the
 * chain code, so it is secret, fixed per key and different for every child.
 */
export function solanaChildSigner(account: SolanaAccount, index: number): Ed25519Signer {
  const scalar = solanaChildScalar(account, index);
  const domain = utf8ToBytes('swap/sol-nonce-prefix');
  const prefix = sha512(concatBytes(domain, account.chainCode, numberToBytesLE(scalar))).slice(0, 32);
  return scalarSigner(scalar, prefix);
}
