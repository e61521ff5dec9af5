import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { u32be } from './bytes';

export interface Slip10Node {
  /** The ed25519 private key (the 32-byte seed of RFC 8032), not a scalar. */
  privateKey: Uint8Array;
  chainCode: Uint8Array;
}

const HARDENED = 0x80000000;

/** SLIP-0010 for ed25519: every level hardened, as the curve has no public derivation. */
export function slip10Ed25519(seed: Uint8Array, path: string): Slip10Node {
  const split = (I: Uint8Array): Slip10Node => ({ privateKey: I.slice(0, 32), chainCode: I.slice(32) });
  let node = split(hmac(sha512, utf8ToBytes('ed25519 seed'), seed));
  for (const index of hardenedIndices(path)) {
    const data = concatBytes(new Uint8Array([0]), node.privateKey, u32be(index + HARDENED));
    node = split(hmac(sha512, node.chainCode, data));
  }
  return node;
}

function hardenedIndices(path: string): number[] {
  const [root, ...segments] = path.split('/');
  if (root !== 'm') throw new Error(`SLIP-0010 path must start with m/: ${path}`);
  return segments.map((segment) => {
    const match = /^(\d+)'$/.exec(segment);
    if (!match || Number(match[1]) >= HARDENED)
      throw new Error(`SLIP-0010 ed25519 segments must be hardened: ${path}`);
    return Number(match[1]);
  });
}
