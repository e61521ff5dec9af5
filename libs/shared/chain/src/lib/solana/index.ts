import { lazy, type Logger } from '@swap/domain';
import type { ChainReader } from '../chain-reader';
import type { ChainSender, SenderKeys } from '../chain-sender';
import type { SolanaConfig } from './solana-config';
import { SolanaReader } from './solana-reader';
import { SolanaRpc } from './solana-rpc';

// The sender (and @solana/kit, which only it needs) loads when first built: a watcher never
// loads it (start-up time of every service: issue 31).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, as said above
const sending = lazy(() => require('./solana-sender') as typeof import('./solana-sender'));

export { solanaConfig, SOLANA_GENESIS, type SolanaConfig } from './solana-config';

/** Reads SOL from the node at config.rpcUrl. */
export function solanaReader(config: SolanaConfig, logger?: Logger): ChainReader {
  return new SolanaReader(new SolanaRpc(config, logger));
}

/** Signs with the treasury's keys and broadcasts to the node at config.rpcUrl. */
export function solanaSender(config: SolanaConfig, keys: SenderKeys, logger?: Logger): ChainSender {
  const { SolanaSender } = sending();
  return new SolanaSender(new SolanaRpc(config, logger), config, keys, logger);
}
