/**
 * Monero's base58: the data is cut into 8-byte blocks, each written as exactly 11 characters
 * (a shorter last block uses the fewest characters that can hold it), so lengths are fixed and
 * leading zeros need no special case.
 */
import { base58ToBigInt, bigIntToBytes } from './base58';

const FULL_BLOCK_BYTES = 8;
const FULL_BLOCK_CHARS = 11;
/** Characters used for a block of n bytes, n = 0..8. */
const BLOCK_CHARS = [0, 2, 3, 5, 6, 7, 9, 10, 11];

export function decodeMoneroBase58(text: string): Uint8Array | null {
  const fullBlocks = Math.floor(text.length / FULL_BLOCK_CHARS);
  const lastChars = text.length % FULL_BLOCK_CHARS;
  const lastBytes = BLOCK_CHARS.indexOf(lastChars);
  if (lastBytes < 0) return null;
  const out = new Uint8Array(fullBlocks * FULL_BLOCK_BYTES + lastBytes);
  for (let block = 0; block * FULL_BLOCK_CHARS < text.length; block++) {
    const chars = text.slice(block * FULL_BLOCK_CHARS, (block + 1) * FULL_BLOCK_CHARS);
    const value = base58ToBigInt(chars);
    // A block whose value overflows its byte size is not canonical: reject, as Monero does.
    const bytes = value === null ? null : bigIntToBytes(value, BLOCK_CHARS.indexOf(chars.length));
    if (bytes === null) return null;
    out.set(bytes, block * FULL_BLOCK_BYTES);
  }
  return out;
}
