import type { ChainReader } from '@swap/chain';
import type { ChainRepository, WatchListRepository } from '@swap/watcher-data';
import { addressKey } from '../address-key';
import type { DepositMatcher } from '../deposits/deposit-matcher';
import type { WatcherLogger } from '../watcher.logger';
import type { WatcherSettings } from '../watcher.settings';

/**
 * Swap events reach the watch list on their own schedule, so a deposit can be mined, and its block
 * processed, before its address is known. The blocks still kept (up to the cursor) are read again
 * for the addresses recorded since the last look; a deposit found there is recorded in its block
 * and reported with the confirmations it already has. Finding one again changes nothing.
 */
export class LateAddressRescan {
  constructor(
    private readonly reader: ChainReader,
    private readonly chain: ChainRepository,
    private readonly watchList: WatchListRepository,
    private readonly matcher: DepositMatcher,
    private readonly settings: WatcherSettings,
    private readonly logger: WatcherLogger,
  ) {}

  /** Returns how many deposits to the new addresses the kept blocks hold. */
  async rescan(): Promise<number> {
    const { network } = this.settings;
    const keys = await this.watchList.awaitingRescan(network);
    if (keys.length === 0) return 0;
    const found = await this.scanKeptBlocks(new Set(keys));
    // Cleared only once recorded: a follower stopped before this point does the rescan again.
    await this.watchList.markRescanned(network, keys);
    if (found > 0) {
      this.logger.info(
        { network, addresses: keys.length, deposits: found },
        'deposits of late addresses found',
      );
    }
    return found;
  }

  private async scanKeptBlocks(keys: Set<string>): Promise<number> {
    const { network } = this.settings;
    // No cursor yet: the first block the follower processes already knows these addresses.
    const cursor = await this.chain.cursor(network);
    if (!cursor) return 0;
    const kept = [...(await this.chain.recentBlocks(network))]
      .filter(([height]) => height <= cursor.height)
      .sort(([a], [b]) => a - b);
    let found = 0;
    for (const [height, hash] of kept) {
      const block = await this.reader.blockAt(height);
      // Left the chain: the follower rewinds below it and processes its replacement, addresses known.
      if (!block || block.hash !== hash) continue;
      const transfers = block.transfers.filter((transfer) => keys.has(addressKey(network, transfer.to)));
      const sightings = await this.matcher.match(transfers);
      if (sightings.length === 0) continue;
      await this.chain.recordInKeptBlock(network, cursor, block, sightings);
      found += sightings.length;
    }
    return found;
  }
}
