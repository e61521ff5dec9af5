import type { ChainLogger } from '../chain-reader';
import { query, strings } from './rpc-schemas';
import { isRpcCode, type UtxoRpc } from './utxo-rpc';

const WALLET_NOT_FOUND = -18;
const alreadyLoaded = (err: unknown) => err instanceof Error && /already loaded|duplicate/i.test(err.message);

/**
 * Makes the node's wallet `name` usable: loaded if it is on disk, otherwise created blank,
 * watch-only and legacy (`createwallet name true true`; litecoind 0.21 has no sqlite for
 * descriptor wallets). Either way the node loads it again after a restart.
 */
export async function openWallet(rpc: UtxoRpc, name: string, logger?: ChainLogger): Promise<void> {
  if ((await query(rpc, strings, 'listwallets')).includes(name)) return;
  try {
    await rpc.call('loadwallet', [name, true]);
    logger?.info({ wallet: name }, 'loaded the node wallet');
    return;
  } catch (err) {
    if (alreadyLoaded(err)) return;
    if (!isRpcCode(err, WALLET_NOT_FOUND)) throw err;
  }
  try {
    await rpc.call('createwallet', [name, true, true, '', false, false, true]);
    logger?.info({ wallet: name }, 'created the watch-only node wallet');
  } catch (err) {
    // Another process created it meanwhile.
    if (!(err instanceof Error && /already exists/i.test(err.message))) throw err;
    await openWallet(rpc, name, logger);
  }
}
