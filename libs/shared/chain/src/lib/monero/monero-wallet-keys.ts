import { bytesToHex } from '@noble/hashes/utils.js';
import { moneroAddress, parseMoneroAccountPublic, type Chain } from '@swap/chain-keys';

/** The wallet a reader/sender opens in its wallet-rpc: view-only (watcher) or full (treasury). */
export interface MoneroWalletKeys {
  /** Primary address (subaddress 0 of account 0): the hot wallet. */
  address: string;
  /** Private view key, hex. */
  viewKey: string;
  /** Private spend key, hex: only the treasury's wallet has it. */
  spendKey?: string;
}

/** The watcher's view-only wallet, from XMR_XPUB ("xmrview:" + public spend key ‖ private view key). */
export function moneroViewWallet(accountPublic: string, chain: Chain): MoneroWalletKeys {
  const account = parseMoneroAccountPublic(accountPublic);
  return { address: moneroAddress(account, 0, chain), viewKey: bytesToHex(account.privateViewKey) };
}
