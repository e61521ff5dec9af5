import type { TxStatus } from '../chain-reader';
import { blockHeader, query, verboseTx, walletTx } from './rpc-schemas';
import { isRpcCode, type UtxoRpc } from './utxo-rpc';

const NO_SUCH_TX = -5;
/** getrawtransaction refuses a malformed txid with -8; such a transaction is simply unknown. */
const INVALID_PARAMETER = -8;

/**
 * Where `txid` stands: the node's transaction index first (mempool and best chain; the node runs
 * with -txindex), then, when there is one, the wallet, which also knows its own transactions on a
 * node without the index.
 */
export async function transactionStatus(
  rpc: UtxoRpc,
  txid: string,
  wallet: string | null,
): Promise<TxStatus> {
  let tx;
  try {
    tx = await query(rpc, verboseTx, 'getrawtransaction', [txid, true]);
  } catch (err) {
    if (!isRpcCode(err, NO_SUCH_TX, INVALID_PARAMETER)) throw err;
  }
  if (tx && !tx.blockhash) return { state: 'mempool' };
  if (tx?.blockhash) {
    const header = await query(rpc, blockHeader, 'getblockheader', [tx.blockhash]);
    // A block that just left the best chain: the next call sees the transaction where it is now.
    if (header.confirmations > 0)
      return {
        state: 'confirmed',
        height: header.height,
        blockHash: header.hash,
        confirmations: header.confirmations,
        time: header.time,
      };
  }
  return wallet ? walletStatus(rpc, txid, wallet) : { state: 'unknown' };
}

async function walletStatus(rpc: UtxoRpc, txid: string, wallet: string): Promise<TxStatus> {
  let tx;
  try {
    tx = await query(rpc, walletTx, 'gettransaction', [txid, true], { wallet });
  } catch (err) {
    if (isRpcCode(err, NO_SUCH_TX, INVALID_PARAMETER)) return { state: 'unknown' };
    throw err;
  }
  // 0 confirmations while not in the mempool (checked above) is no pending state; < 0 is conflicted.
  if (tx.confirmations < 1 || !tx.blockhash || tx.blockheight === undefined || tx.blocktime === undefined)
    return { state: 'unknown' };
  return {
    state: 'confirmed',
    height: tx.blockheight,
    blockHash: tx.blockhash,
    confirmations: tx.confirmations,
    time: tx.blocktime,
  };
}
