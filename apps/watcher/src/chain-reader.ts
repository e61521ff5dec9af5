import type { Bus } from '@swap/bus';
import { DevnetReader, type ChainReader } from '@swap/chain';
import type { WatcherConfig } from './watcher.config';

/**
 * The network's chain adapter. Only the devnet (D10) exists so far: watcherConfigSchema refuses a
 * <NETWORK>_RPC_URL until the real nodes' readers arrive, and they plug in here.
 */
export function chainReader(config: WatcherConfig, bus: Bus): ChainReader {
  return new DevnetReader(bus, config.network);
}
