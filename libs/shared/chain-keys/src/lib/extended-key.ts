import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Chain } from './paths';

const base58check = createBase58check(sha256);

/** BIP32 public version bytes: xpub on mainnet, tpub on testnet and regtest. */
const PUBLIC_VERSION: Record<Chain, number> = {
  mainnet: 0x0488b21e,
  testnet: 0x043587cf,
  regtest: 0x043587cf,
};

/**
 * The account xpub re-encoded with the version a node of that chain expects, e.g. the tpub a
 * regtest litecoind wants in a `wpkh(tpub…/0/*)` descriptor. Only the 4 version bytes change.
 */
export function extendedKeyForChain(xpub: string, chain: Chain): string {
  const bytes = base58check.decode(xpub);
  if (bytes.length !== 78) throw new Error('not a BIP32 extended key');
  const out = bytes.slice();
  new DataView(out.buffer).setUint32(0, PUBLIC_VERSION[chain], false);
  return base58check.encode(out);
}
