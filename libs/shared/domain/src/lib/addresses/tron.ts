/** Tron: base58check of 0x41 followed by the 20-byte account hash (34 characters, starts with T). */
import { lazy } from '../lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: start-up time (issue 31)
const bitcoinjs = lazy(() => require('bitcoinjs-lib') as typeof import('bitcoinjs-lib'));

const TRON_VERSION = 0x41;

export function isTronAddress(text: string): boolean {
  if (text.length !== 34 || !text.startsWith('T')) return false;
  try {
    // bitcoinjs checks the double-SHA256 checksum and a 21-byte payload, which is Tron's layout too.
    return bitcoinjs().address.fromBase58Check(text).version === TRON_VERSION;
  } catch {
    return false;
  }
}
