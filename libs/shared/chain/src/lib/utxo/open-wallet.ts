import type { Logger } from '@swap/domain';
import { query, strings, walletInfo } from './rpc-schemas';
import { isRpcCode, type UtxoRpc } from './utxo-rpc';

const WALLET_NOT_FOUND = -18;
/** How long a wallet another caller is creating or loading may take to be listed, and how often to look. */
const LIST_WAIT_MS = 30_000;
const LIST_POLL_MS = 100;
// "… is already loaded", or another call of this process is loading it ("Wallet already being loading").
const alreadyLoaded = (err: unknown) =>
  err instanceof Error && /already loaded|already being load|duplicate/i.test(err.message);
/** litecoind 0.21 (and any Core built without sqlite) cannot hold descriptor wallets. */
const noDescriptorWallets = (err: unknown) => err instanceof Error && /sqlite|descriptor/i.test(err.message);

/**
 * How the node's wallet watches the account: a descriptor wallet (Bitcoin Core 0.21 and later with
 * sqlite; the only kind from Core 30 on) takes importdescriptors, a legacy one importmulti.
 */
export type WalletKind = 'descriptors' | 'legacy';

/**
 * Makes the node's wallet `name` usable: loaded if it is on disk, otherwise created blank and
 * without private keys, as a descriptor wallet where the node supports them, else legacy
 * (litecoind 0.21 has no sqlite). Either way the node loads it again after a restart.
 */
export async function openWallet(rpc: UtxoRpc, name: string, logger?: Logger): Promise<WalletKind> {
  if (!(await listed(rpc, name))) {
    if (!(await loaded(rpc, name, logger))) await create(rpc, name, logger);
    // Another caller may still be creating or loading it: the node lists it once it is usable.
    await untilListed(rpc, name);
  }
  const { descriptors } = await query(rpc, walletInfo, 'getwalletinfo', [], { wallet: name });
  return descriptors ? 'descriptors' : 'legacy';
}

const listed = async (rpc: UtxoRpc, name: string) =>
  (await query(rpc, strings, 'listwallets')).includes(name);

async function untilListed(rpc: UtxoRpc, name: string): Promise<void> {
  for (let waited = 0; !(await listed(rpc, name)); waited += LIST_POLL_MS) {
    if (waited >= LIST_WAIT_MS)
      throw new Error(`the node did not load wallet ${name} within ${LIST_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, LIST_POLL_MS));
  }
}

/** True once the wallet is loaded from disk; false when the node has no such wallet. */
async function loaded(rpc: UtxoRpc, name: string, logger?: Logger): Promise<boolean> {
  try {
    await rpc.call('loadwallet', [name, true]);
    logger?.info({ wallet: name }, 'loaded the node wallet');
    return true;
  } catch (err) {
    if (alreadyLoaded(err)) return true;
    if (isRpcCode(err, WALLET_NOT_FOUND)) return false;
    throw err;
  }
}

async function create(rpc: UtxoRpc, name: string, logger?: Logger): Promise<void> {
  // createwallet name disable_private_keys blank passphrase avoid_reuse descriptors load_on_startup
  const createAs = (descriptors: boolean) =>
    rpc.call('createwallet', [name, true, true, '', false, descriptors, true]);
  try {
    try {
      await createAs(true);
      logger?.info({ wallet: name, kind: 'descriptors' }, 'created the watch-only node wallet');
    } catch (err) {
      if (!noDescriptorWallets(err)) throw err;
      await createAs(false);
      logger?.info({ wallet: name, kind: 'legacy' }, 'created the watch-only node wallet');
    }
  } catch (err) {
    // Another reader of this process created and loaded it meanwhile ("… is already loaded").
    if (alreadyLoaded(err)) return;
    // Another process created it meanwhile.
    if (!(err instanceof Error && /already exists/i.test(err.message))) throw err;
    if (!(await loaded(rpc, name, logger))) throw err;
  }
}
