import { lazy, type Logger } from '@swap/domain';
import type { ChainReader } from '../chain-reader';
import type { ChainSender, PendingTransactions, SenderKeys } from '../chain-sender';
import type { UtxoConfig } from './utxo-config';
import type { UtxoNetwork } from './utxo-network';
import { UtxoReader } from './utxo-reader';
import { UtxoRpc } from './utxo-rpc';

// The sender (and bitcoinjs-lib, which only it needs) loads when first built: a watcher never
// loads it (start-up time of every service: issue 31).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, as said above
const sending = lazy(() => require('./utxo-sender') as typeof import('./utxo-sender'));

export { utxoConfig, type UtxoConfig } from './utxo-config';
export { UTXO_NETWORKS, type UtxoNetwork } from './utxo-network';
export { UtxoRpcError } from './utxo-rpc';

function checked(network: UtxoNetwork, config: UtxoConfig): UtxoConfig {
  if (config.network !== network)
    throw new Error(`a ${config.network} configuration cannot serve ${network}`);
  return config;
}

/**
 * The ChainReader of a BTC or LTC node. Watchers use it as is; the treasury passes
 * `{ wallet: true }` for balances from the node's watch-only wallet.
 */
export function utxoReader(
  network: UtxoNetwork,
  config: UtxoConfig,
  options: { wallet?: boolean; logger?: Logger } = {},
): ChainReader {
  return new UtxoReader(network, checked(network, config), new UtxoRpc(config), options);
}

/** The treasury's ChainSender of a BTC or LTC node, spending from its watch-only wallet. */
export function utxoSender(
  network: UtxoNetwork,
  config: UtxoConfig,
  keys: SenderKeys,
  pending: PendingTransactions,
  logger?: Logger,
): ChainSender {
  const { UtxoSender } = sending();
  return new UtxoSender(network, checked(network, config), new UtxoRpc(config), keys, pending, logger);
}
