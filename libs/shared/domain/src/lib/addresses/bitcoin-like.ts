/** BTC and LTC: segwit (bech32 for v0, bech32m for v1+) and legacy base58check addresses. */
import { lazy } from '../lazy';
import { decodeBase58Check } from './base58';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: start-up time (issue 31)
const bitcoinjs = lazy(() => require('bitcoinjs-lib') as typeof import('bitcoinjs-lib'));

export interface BitcoinLikeFormats {
  /** Human-readable part of segwit addresses on mainnet. */
  hrp: string;
  /** Accepted version bytes of legacy base58check addresses. */
  base58Versions: readonly number[];
}

export const BTC_FORMATS: BitcoinLikeFormats = { hrp: 'bc', base58Versions: [0x00, 0x05] };
/** Litecoin P2PKH (L…), P2SH (M…) and the older P2SH version it shared with Bitcoin (3…). */
export const LTC_FORMATS: BitcoinLikeFormats = { hrp: 'ltc', base58Versions: [0x30, 0x32, 0x05] };

/** Test chains share Bitcoin testnet's base58 versions (m/n…, 2…); Litecoin adds Q… for P2SH. */
const TEST_FORMATS: Record<'BTC' | 'LTC', Record<'testnet' | 'regtest', BitcoinLikeFormats>> = {
  BTC: {
    testnet: { hrp: 'tb', base58Versions: [0x6f, 0xc4] },
    regtest: { hrp: 'bcrt', base58Versions: [0x6f, 0xc4] },
  },
  LTC: {
    testnet: { hrp: 'tltc', base58Versions: [0x6f, 0x3a, 0xc4] },
    regtest: { hrp: 'rltc', base58Versions: [0x6f, 0x3a, 0xc4] },
  },
};

export function bitcoinLikeFormats(
  coin: 'BTC' | 'LTC',
  chain: 'mainnet' | 'testnet' | 'regtest',
): BitcoinLikeFormats {
  if (chain === 'mainnet') return coin === 'BTC' ? BTC_FORMATS : LTC_FORMATS;
  return TEST_FORMATS[coin][chain];
}

export function isBitcoinLikeAddress(text: string, formats: BitcoinLikeFormats): boolean {
  return isSegwitAddress(text, formats.hrp) || isLegacyAddress(text, formats.base58Versions);
}

/** BIP 173 / BIP 350: checksum variant bound to the version, v0 programs 20 or 32 bytes, others 2–40. */
function isSegwitAddress(text: string, hrp: string): boolean {
  if (!text.toLowerCase().startsWith(`${hrp}1`)) return false;
  try {
    const { version, prefix, data } = bitcoinjs().address.fromBech32(text);
    if (prefix !== hrp || !Number.isInteger(version) || version < 0 || version > 16) return false;
    if (version === 0) return data.length === 20 || data.length === 32;
    return data.length >= 2 && data.length <= 40;
  } catch {
    return false;
  }
}

function isLegacyAddress(text: string, versions: readonly number[]): boolean {
  if (text.length < 26 || text.length > 35) return false;
  // A version byte and a 20-byte hash (of a key or a script).
  const payload = decodeBase58Check(text);
  return payload?.length === 21 && versions.includes(payload[0]);
}
