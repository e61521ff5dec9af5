import { z } from 'zod';
import type { MoneroWallet } from './monero-wallet';
import { count, readAnswer } from './rpc-values';

/** Scanning a long way (a first sync) happens inside one refresh call. */
const REFRESH_TIMEOUT_MS = 600_000;

/** Brings the wallet to the daemon's chain (new blocks, reorgs, the pool); returns its height. */
export async function refreshWallet(wallet: MoneroWallet): Promise<number> {
  await wallet.call('refresh', {}, REFRESH_TIMEOUT_MS);
  const answer = await wallet.call('get_height');
  return readAnswer(z.object({ height: count }), answer, 'get_height').height;
}
