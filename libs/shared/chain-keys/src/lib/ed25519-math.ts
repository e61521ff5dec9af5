import { ed25519 } from '@noble/curves/ed25519.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { bytesToNumberLE } from './bytes';

/** The order of the ed25519 base point. */
export const L = 2n ** 252n + 27742317777372353535851937790883648493n;

export const Point = ed25519.Point;
export type EdPoint = InstanceType<typeof ed25519.Point>;

export function modL(n: bigint): bigint {
  return ((n % L) + L) % L;
}

/** n·G for every scalar (noble refuses 0). Uses noble's precomputed base tables. */
export function baseMultiply(scalar: bigint): EdPoint {
  const n = modL(scalar);
  return n === 0n ? Point.ZERO : Point.BASE.multiply(n);
}

/** Monero's Hs: keccak-256 reduced modulo L. */
export function hashToScalar(...parts: Uint8Array[]): bigint {
  return modL(bytesToNumberLE(keccak_256(concatBytes(...parts))));
}

/** A point from untrusted bytes: on the curve, canonical, and in the prime-order subgroup. */
export function decodeSubgroupPoint(bytes: Uint8Array, what: string): EdPoint {
  let point: EdPoint;
  try {
    point = Point.fromBytes(bytes);
  } catch {
    throw new Error(`${what} is not an ed25519 point`);
  }
  if (point.is0() || !point.isTorsionFree())
    throw new Error(`${what} is not in the ed25519 prime-order subgroup`);
  return point;
}
