/**
 * Monero mainnet addresses: a one-byte network prefix, the public spend and view keys (32 bytes
 * each), an 8-byte payment id for integrated addresses, then the first 4 bytes of keccak-256.
 */
import { getBytes, keccak256 } from 'ethers';
import { decodeMoneroBase58 } from './monero-base58';

/** Prefix → total decoded length. Stagenet and testnet prefixes are deliberately absent (D8). */
const MAINNET_LAYOUTS = new Map<number, number>([
  [18, 1 + 32 + 32 + 4], // standard, "4…"
  [19, 1 + 32 + 32 + 8 + 4], // integrated, "4…"
  [42, 1 + 32 + 32 + 4], // subaddress, "8…"
]);

export function isMoneroAddress(text: string): boolean {
  if (text.length !== 95 && text.length !== 106) return false;
  const bytes = decodeMoneroBase58(text);
  if (bytes === null || MAINNET_LAYOUTS.get(bytes[0]) !== bytes.length) return false;
  const body = bytes.subarray(0, bytes.length - 4);
  const checksum = getBytes(keccak256(body)).subarray(0, 4);
  return checksum.every((byte, i) => byte === bytes[body.length + i]);
}
