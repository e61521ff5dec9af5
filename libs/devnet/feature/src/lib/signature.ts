import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';

/**
 * Signature checks of the devnet's transactions, in OpenSSL (node:crypto) rather than JavaScript:
 * a secp256k1 verification there costs a fifth of noble's (0.28 ms against 1.4 ms here), and every
 * payout, refund and sweep on the devnet is verified once. The rules are those of the chains the
 * devnet stands in for.
 */

// SubjectPublicKeyInfo headers: id-ecPublicKey on secp256k1 with a compressed point; Ed25519.
const SECP256K1_SPKI = Buffer.from('3036301006072a8648ce3d020106052b8104000a032200', 'hex');
const ED25519_SPKI = Buffer.from('302a300506032b6570032100', 'hex');
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/** Keys parsed so far; a devnet signs with a few hot wallets and many deposit keys, each seldom. */
const KEY_CACHE_SIZE = 1024;
const keys = new Map<string, KeyObject | null>();

function publicKey(
  spki: Buffer,
  raw: Uint8Array,
  acceptable: (raw: Uint8Array) => boolean = () => true,
): KeyObject | null {
  const id = Buffer.from(raw).toString('hex');
  let key = keys.get(id);
  if (key === undefined) {
    try {
      key = acceptable(raw)
        ? createPublicKey({ key: Buffer.concat([spki, raw]), format: 'der', type: 'spki' })
        : null;
    } catch {
      key = null;
    }
    if (keys.size >= KEY_CACHE_SIZE) keys.delete(keys.keys().next().value as string);
    keys.set(id, key);
  }
  return key;
}

/**
 * ECDSA over sha256(message) with a compressed public key; `signature` is r‖s‖recovery (65 bytes).
 * A high s is refused, as Bitcoin's and Ethereum's rules refuse it (and OpenSSL would not).
 */
export function validSecp256k1(message: Uint8Array, signature: Uint8Array, key: Uint8Array): boolean {
  if (signature.length !== 65 || key.length !== 33) return false;
  const s = BigInt(`0x${Buffer.from(signature.subarray(32, 64)).toString('hex')}`);
  if (s === 0n || s > HALF_ORDER) return false;
  const parsed = publicKey(SECP256K1_SPKI, key);
  if (!parsed) return false;
  try {
    return verify('sha256', message, { key: parsed, dsaEncoding: 'ieee-p1363' }, signature.subarray(0, 64));
  } catch {
    return false;
  }
}

/**
 * A key of small order (the identity, the zero point and the few like them) matches a forged
 * signature for one message in several; OpenSSL takes them, strict verifiers do not. Checked once
 * per key, as it is cached.
 */
const notSmallOrder = (raw: Uint8Array): boolean => !ed25519.Point.fromBytes(raw).isSmallOrder();

/** Ed25519 (RFC 8032, strict: no key of small order) over the message itself. */
export function validEd25519(message: Uint8Array, signature: Uint8Array, key: Uint8Array): boolean {
  if (signature.length !== 64 || key.length !== 32) return false;
  const parsed = publicKey(ED25519_SPKI, key, notSmallOrder);
  if (!parsed) return false;
  try {
    return verify(null, message, parsed, signature);
  } catch {
    return false;
  }
}
