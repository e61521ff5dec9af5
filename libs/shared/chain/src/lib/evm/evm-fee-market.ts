import type { EvmConfig } from './evm-config';
import { feeMarket, type FeeMarket } from './evm-fees';
import { rpcBlockHeader, rpcQuantity } from './evm-json';
import type { EvmRpc } from './evm-rpc';

/** Today's fees: the latest block's base fee, and the configured tip or else the node's suggestion. */
export async function currentFeeMarket(rpc: EvmRpc, config: EvmConfig): Promise<FeeMarket> {
  const [latest, tip] = await Promise.all([
    rpc.call('eth_getBlockByNumber', ['latest', false]).then((answer) => rpcBlockHeader.parse(answer)),
    config.priorityFeePerGas ??
      rpc.call('eth_maxPriorityFeePerGas').then((answer) => rpcQuantity.parse(answer)),
  ]);
  if (latest.baseFeePerGas === undefined)
    throw new Error(`${rpc.network} node reports no base fee: EIP-1559 transactions need one`);
  return feeMarket(latest.baseFeePerGas, tip, config.maxFeePerGas);
}
