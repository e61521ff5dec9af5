/** Bitcoin-alphabet base58, shared by Solana addresses and Monero's block encoding. */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const DIGIT = new Map([...BASE58_ALPHABET].map((char, index) => [char, BigInt(index)]));

/** The big-endian integer a base58 string spells, or null on a character outside the alphabet. */
export function base58ToBigInt(text: string): bigint | null {
  let value = 0n;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) return null;
    value = value * 58n + digit;
  }
  return value;
}

/** `value` as exactly `length` big-endian bytes, or null when it does not fit. */
export function bigIntToBytes(value: bigint, length: number): Uint8Array | null {
  if (value >> BigInt(8 * length) !== 0n) return null;
  const bytes = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--) {
    bytes[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return bytes;
}

/** Standard base58 decoding: each leading '1' stands for one leading zero byte. */
export function decodeBase58(text: string): Uint8Array | null {
  const value = base58ToBigInt(text);
  if (value === null) return null;
  const zeros = text.length - text.replace(/^1+/, '').length;
  const bodyLength = value === 0n ? 0 : Math.ceil(value.toString(16).length / 2);
  const body = bigIntToBytes(value, bodyLength);
  if (body === null) return null;
  const bytes = new Uint8Array(zeros + bodyLength);
  bytes.set(body, zeros);
  return bytes;
}
