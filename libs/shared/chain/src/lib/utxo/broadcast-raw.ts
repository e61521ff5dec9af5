import type { BroadcastResult, SignedTransaction } from '../chain-sender';
import { isRpcCode, UtxoRpcError, type UtxoRpc } from './utxo-rpc';

const DESERIALIZATION_ERROR = -22;
const VERIFY_ERROR = -25;
const VERIFY_REJECTED = -26;
const ALREADY_IN_CHAIN = -27;
const NO_SUCH_TX = -5;

/**
 * sendrawtransaction, read as the ChainSender contract wants: known bytes (in the mempool or a
 * block) are accepted; a refusal (-22/-25/-26) is final unless the node knows the transaction
 * after all (its inputs are "missing" because it spent them itself); anything else — transport,
 * warm-up, unexpected codes — throws, and the same bytes can be sent again.
 */
export async function broadcastRaw(rpc: UtxoRpc, tx: SignedTransaction): Promise<BroadcastResult> {
  try {
    await rpc.call('sendrawtransaction', [tx.raw]);
    return { accepted: true };
  } catch (err) {
    if (!(err instanceof UtxoRpcError)) throw err;
    if (err.code === ALREADY_IN_CHAIN || /already in (the )?mempool|already known/i.test(err.message))
      return { accepted: true };
    if (!isRpcCode(err, DESERIALIZATION_ERROR, VERIFY_ERROR, VERIFY_REJECTED)) throw err;
    if (await isKnown(rpc, tx.txid)) return { accepted: true };
    return { accepted: false, reason: err.message };
  }
}

async function isKnown(rpc: UtxoRpc, txid: string): Promise<boolean> {
  try {
    await rpc.call('getrawtransaction', [txid]);
    return true;
  } catch (err) {
    if (isRpcCode(err, NO_SUCH_TX)) return false;
    throw err;
  }
}
