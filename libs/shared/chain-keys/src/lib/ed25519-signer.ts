import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { bytesToNumberLE, numberToBytesLE } from './bytes';
import { baseMultiply, modL } from './ed25519-math';

export interface Ed25519Signer {
  /** The 32-byte ed25519 public key (for Solana, the account address bytes). */
  publicKey: Uint8Array;
  /** A 64-byte RFC 8032 signature (R || S) that standard ed25519 verification accepts. */
  sign(message: Uint8Array): Uint8Array;
}

/**
 * An ed25519 signer from a raw scalar. Derived keys (a + t mod L) have no RFC 8032 seed, so the
 * usual "hash the seed" signing cannot be used; the nonce is deterministic, as in RFC 8032, from
 * a secret 32-byte prefix: r = H(prefix || M) mod L, R = r·G, S = r + H(R || A || M)·s mod L.
 */
export function scalarSigner(scalar: bigint, noncePrefix: Uint8Array): Ed25519Signer {
  const s = modL(scalar);
  if (s === 0n) throw new Error('ed25519 scalar must not be zero');
  if (noncePrefix.length !== 32) throw new Error('ed25519 nonce prefix must be 32 bytes');
  const prefix = noncePrefix.slice();
  const publicKey = baseMultiply(s).toBytes();
  return {
    publicKey,
    sign(message: Uint8Array): Uint8Array {
      const r = modL(bytesToNumberLE(sha512(concatBytes(prefix, message))));
      const R = baseMultiply(r).toBytes();
      const k = modL(bytesToNumberLE(sha512(concatBytes(R, publicKey, message))));
      return concatBytes(R, numberToBytesLE(modL(r + k * s)));
    },
  };
}
