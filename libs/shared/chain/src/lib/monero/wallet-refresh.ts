import type { MoneroWallet } from './monero-wallet';
import type { SubaddressTable } from './subaddress-table';

/** Scanning a long way (a first sync) happens inside one refresh call. */
const REFRESH_TIMEOUT_MS = 600_000;

/**
 * Brings the wallet to the daemon's chain (new blocks, reorgs, the pool); returns its height. The
 * subaddress table is made to run `lookahead` ahead first: a wallet never rescans a block for
 * subaddresses added after it scanned it (and it only scans here: its auto-refresh is off).
 */
export async function refreshWallet(wallet: MoneroWallet, subaddresses: SubaddressTable): Promise<number> {
  await subaddresses.expect(0);
  if (wallet.rescanDue) {
    // Everything from the restore height again, with the whole table (a new wallet holds no tx keys to lose).
    await wallet.use('rescan_blockchain', (w) => w.rescanBlockchain(), REFRESH_TIMEOUT_MS);
    wallet.rescanDue = false;
  }
  await wallet.use('refresh', (w) => w.sync(), REFRESH_TIMEOUT_MS);
  return wallet.use('get_height', (w) => w.getHeight());
}
