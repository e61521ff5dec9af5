import type { ChainReader } from '@swap/chain';
import type { Logger, Network } from '@swap/domain';
import type { WatchListRepository } from '@swap/watcher-data';

/**
 * A node-side wallet restored from its keys knows only the addresses it was told of since (Monero
 * subaddresses): before the follower reads a block, it is told of every one handed out so far.
 */
export async function expectHandedOutAddresses(
  reader: ChainReader,
  watchList: WatchListRepository,
  network: Network,
  logger: Logger,
): Promise<void> {
  const highest = await watchList.highestDepositIndex(network);
  if (highest === null || !reader.expectAddresses) return;
  await reader.expectAddresses(highest);
  logger.info({ network, highest }, 'deposit addresses expected up to the highest handed out');
}
