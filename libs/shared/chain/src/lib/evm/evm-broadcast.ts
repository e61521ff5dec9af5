import type { BroadcastResult, SignedTransaction } from '../chain-sender';
import { EvmRpcError } from './evm-rpc-errors';
import type { EvmRpc } from './evm-rpc';

/** The node has these very bytes (geth "already known", anvil "transaction already imported"). */
const ALREADY_KNOWN = /already known|already imported|known transaction/i;
const NONCE_TOO_LOW = /nonce too low/i;
/** EIP-1474 "limit exceeded": the node declines to serve now, which says nothing of the bytes. */
const LIMIT_EXCEEDED = -32005;

/**
 * Sends a signed transaction. The same bytes again are accepted: in the pool ("already known")
 * or mined ("nonce too low" while the node knows this hash). Any other node error (insufficient
 * funds, the nonce taken by another transaction, invalid bytes) refuses them for good; only an
 * unreachable or rate-limiting node throws.
 */
export async function broadcastSigned(rpc: EvmRpc, tx: SignedTransaction): Promise<BroadcastResult> {
  try {
    await rpc.call('eth_sendRawTransaction', [tx.raw]);
    return { accepted: true };
  } catch (err) {
    if (!(err instanceof EvmRpcError) || err.code === LIMIT_EXCEEDED) throw err;
    if (ALREADY_KNOWN.test(err.reason)) return { accepted: true };
    if (NONCE_TOO_LOW.test(err.reason)) {
      if ((await rpc.call('eth_getTransactionByHash', [tx.txid])) !== null) return { accepted: true };
      return { accepted: false, reason: err.reason, nonceTaken: true };
    }
    return { accepted: false, reason: err.reason };
  }
}
