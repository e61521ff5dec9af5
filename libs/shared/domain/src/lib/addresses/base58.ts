/** Base58 decoding for address checks: Bitcoin's alphabet, its checksummed form, and Monero's blocks. */
import { lazy } from '../lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: start-up time (issue 31)
const scure = lazy(() => require('@scure/base') as typeof import('@scure/base'));
const base58check = lazy(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
  const { sha256 } = require('@noble/hashes/sha2.js') as typeof import('@noble/hashes/sha2.js');
  return scure().createBase58check(sha256);
});

export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Standard base58 (each leading '1' a zero byte), or null on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | null {
  return orNull(() => scure().base58.decode(text));
}

/** Base58check: the payload (version byte included) whose double-SHA256 checksum holds, or null. */
export function decodeBase58Check(text: string): Uint8Array | null {
  return orNull(() => base58check().decode(text));
}

/**
 * Monero's base58: 8-byte blocks of 11 characters each, a shorter last block in the fewest that
 * hold it; null on a bad length, character, or a block that overflows its bytes (as Monero rejects).
 */
export function decodeMoneroBase58(text: string): Uint8Array | null {
  return orNull(() => scure().base58xmr.decode(text));
}

function orNull(decode: () => Uint8Array): Uint8Array | null {
  try {
    return decode();
  } catch {
    return null;
  }
}
