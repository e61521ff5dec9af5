import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58xmr } from '@scure/base';
import type { Chain } from '@swap/chain-keys';

/** Network prefixes of standard, integrated and subaddresses; regtest (fakechain) uses mainnet's. */
const PREFIXES: Record<Chain, readonly number[]> = {
  mainnet: [18, 19, 42],
  testnet: [53, 54, 63],
  regtest: [18, 19, 42],
};

/** prefix ‖ spend key ‖ view key [‖ payment id] ‖ checksum. */
const LENGTHS: Record<number, number> = { 18: 69, 19: 77, 42: 69, 53: 69, 54: 77, 63: 69 };

/** A well-formed Monero address (standard, integrated or subaddress) of `chain`. */
export function isMoneroAddressOf(address: string, chain: Chain): boolean {
  let bytes: Uint8Array;
  try {
    bytes = base58xmr.decode(address);
  } catch {
    return false;
  }
  // Every prefix above is below 0x80, so its varint is one byte.
  const prefix = bytes[0];
  if (!PREFIXES[chain].includes(prefix) || bytes.length !== LENGTHS[prefix]) return false;
  const body = bytes.subarray(0, bytes.length - 4);
  const checksum = keccak_256(body).subarray(0, 4);
  return checksum.every((byte, i) => byte === bytes[body.length + i]);
}
