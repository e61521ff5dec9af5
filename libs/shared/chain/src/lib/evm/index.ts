import type { Logger } from '@swap/domain';
import type { ChainReader } from '../chain-reader';
import type { ChainSender, PendingTransactions, SenderKeys } from '../chain-sender';
import type { EvmConfig, EvmNetwork } from './evm-config';
import { EvmReader } from './evm-reader';
import { EvmRpc } from './evm-rpc';
import { EvmSender } from './evm-sender';

export { evmConfig, type EvmConfig, type EvmNetwork } from './evm-config';

/** Reads ETH (with USDTERC) or AVAX from the node at config.rpcUrl. */
export function evmReader(network: EvmNetwork, config: EvmConfig, logger?: Logger): ChainReader {
  return new EvmReader(
    network,
    new EvmRpc(network, config, logger),
    config.usdtContract,
    config.traceInternal,
  );
}

/** Signs with the treasury's keys and broadcasts to the node at config.rpcUrl. */
export function evmSender(
  network: EvmNetwork,
  config: EvmConfig,
  keys: SenderKeys,
  pending: PendingTransactions,
  logger?: Logger,
): ChainSender {
  return new EvmSender(network, new EvmRpc(network, config, logger), config, keys, pending, logger);
}
