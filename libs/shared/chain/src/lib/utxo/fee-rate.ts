import { mempoolInfo, query, smartFee } from './rpc-schemas';
import type { UtxoConfig } from './utxo-config';
import type { UtxoRpc } from './utxo-rpc';

/**
 * The fee rate to pay, in sat per 1000 vB: the node's estimatesmartfee for the configured target,
 * clamped to <NET>_FEE_MIN/MAX_SAT_VB (no estimate, as on regtest or a fresh node: the minimum),
 * and never below the node's own mempool minimum, under which it would refuse the transaction.
 */
export async function feeRate(rpc: UtxoRpc, config: UtxoConfig): Promise<bigint> {
  const [estimate, mempool] = await Promise.all([
    query(rpc, smartFee, 'estimatesmartfee', [config.feeTargetBlocks]),
    query(rpc, mempoolInfo, 'getmempoolinfo'),
  ]);
  const min = config.feeMinSatVb * 1000n;
  const max = config.feeMaxSatVb * 1000n;
  // feerate is coins per kvB: in base units, that is sat per kvB.
  const wanted = estimate.feerate ?? min;
  const clamped = wanted < min ? min : wanted > max ? max : wanted;
  return clamped < mempool.mempoolminfee ? mempool.mempoolminfee : clamped;
}
