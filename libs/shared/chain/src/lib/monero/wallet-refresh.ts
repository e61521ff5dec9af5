import { z } from 'zod';
import type { MoneroWallet } from './monero-wallet';
import { count, readAnswer } from './rpc-values';
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
    await wallet.call('rescan_blockchain', {}, REFRESH_TIMEOUT_MS);
    wallet.rescanDue = false;
  }
  await wallet.call('refresh', {}, REFRESH_TIMEOUT_MS);
  const answer = await wallet.call('get_height');
  return readAnswer(z.object({ height: count }), answer, 'get_height').height;
}
