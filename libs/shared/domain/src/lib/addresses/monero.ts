/**
 * Monero addresses: a one-byte network prefix, the public spend and view keys (32 bytes
 * each), an 8-byte payment id for integrated addresses, then the first 4 bytes of keccak-256.
 */
import { lazy } from '../lazy';
import { decodeMoneroBase58 } from './base58';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: start-up time (issue 31)
const ethers = lazy(() => require('ethers') as typeof import('ethers'));

const layouts = (standard: number, integrated: number, subaddress: number) =>
  new Map<number, number>([
    [standard, 1 + 32 + 32 + 4],
    [integrated, 1 + 32 + 32 + 8 + 4],
    [subaddress, 1 + 32 + 32 + 4],
  ]);

/**
 * Prefix → total decoded length. Mainnet ("4…", "8…") unless the network runs on testnet; Monero's
 * regtest (fakechain) uses the mainnet prefixes. Stagenet is deliberately absent (D8).
 */
const LAYOUTS = {
  mainnet: layouts(18, 19, 42),
  testnet: layouts(53, 54, 63),
  regtest: layouts(18, 19, 42),
};

export function isMoneroAddress(text: string, chain: 'mainnet' | 'testnet' | 'regtest' = 'mainnet'): boolean {
  if (text.length !== 95 && text.length !== 106) return false;
  const bytes = decodeMoneroBase58(text);
  if (bytes === null || LAYOUTS[chain].get(bytes[0]) !== bytes.length) return false;
  const body = bytes.subarray(0, bytes.length - 4);
  const { getBytes, keccak256 } = ethers();
  const checksum = getBytes(keccak256(body)).subarray(0, 4);
  return checksum.every((byte, i) => byte === bytes[body.length + i]);
}
