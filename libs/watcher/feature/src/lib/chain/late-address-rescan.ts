import type { Logger } from '@swap/domain';
import type { ChainReader } from '@swap/chain';
import type { BlockRef } from '@swap/chain';
import type { ChainRepository, PendingRescan, WatchListRepository } from '@swap/watcher-data';
import { addressKey } from '../address-key';
import type { DepositMatcher } from '../deposits/deposit-matcher';
import type { WatcherSettings } from '../watcher.settings';

/**
 * Swap events reach the watch list on their own schedule (late by as long as the engine or the bus
 * was down), so a deposit can be mined, and its block processed, before its address is known. The
 * kept blocks processed since the swap was registered, up to the cursor, are read again for the
 * addresses recorded since the last look; a deposit found there is recorded in its block and
 * reported with the confirmations it already has. Finding one again changes nothing. At most
 * blocksPerPoll blocks are read per poll; a longer rescan goes on from there at the next.
 */
export class LateAddressRescan {
  constructor(
    private readonly reader: ChainReader,
    private readonly chain: ChainRepository,
    private readonly watchList: WatchListRepository,
    private readonly matcher: DepositMatcher,
    private readonly settings: WatcherSettings,
    private readonly logger: Logger,
  ) {}

  /** Returns how many deposits to the new addresses this poll's share of the kept blocks holds. */
  async rescan(): Promise<number> {
    const { network, blocksPerPoll } = this.settings;
    const pending = await this.watchList.awaitingRescan(network);
    if (pending.length === 0) return 0;
    const keys = pending.map((entry) => entry.addressKey);
    // No cursor yet: the first block the follower processes already knows these addresses.
    const cursor = await this.chain.cursor(network);
    const from = cursor && (await this.startHeight(pending));
    if (!cursor || from === null || from > cursor.height) {
      await this.watchList.markRescanned(network, keys);
      return 0;
    }
    const blocks = await this.chain.keptBlocks(network, from, cursor.height, blocksPerPoll);
    const found = await this.scan(blocks, cursor, new Set(keys));
    // Moved on only once recorded: a follower stopped before this point reads these blocks again.
    const last = blocks.at(-1)?.height ?? cursor.height;
    if (last >= cursor.height) await this.watchList.markRescanned(network, keys);
    else await this.watchList.rescanFrom(network, keys, last + 1);
    if (found > 0) {
      this.logger.info(
        { network, addresses: keys.length, deposits: found },
        'deposits of late addresses found',
      );
    }
    return found;
  }

  /**
   * The lowest kept height any of the entries still needs read: where an earlier rescan stopped,
   * or the first block processed since the swap was registered (less the clock skew). Null when
   * nothing is kept.
   */
  private async startHeight(pending: PendingRescan[]): Promise<number | null> {
    const { network, clockSkewMs } = this.settings;
    const fresh = pending.filter((entry) => entry.rescanFrom === null);
    const resumed = pending.flatMap((entry) => (entry.rescanFrom === null ? [] : [entry.rescanFrom]));
    if (fresh.length === 0) return Math.min(...resumed);
    // An entry recorded before registration times were kept has none: every kept block is read.
    const times = fresh.map((entry) => entry.registeredAt);
    const registered = times.includes(null) ? null : Math.min(...(times as number[]));
    const kept = await this.chain.keptSince(network, registered === null ? 0 : registered - clockSkewMs);
    if (!kept) return null;
    if (registered !== null && kept.lowest.processedAt > registered) {
      this.logger.warn(
        { network, addresses: fresh.length, registeredAt: registered, lowestKept: kept.lowest.height },
        'late addresses: blocks processed since their swap was registered are no longer kept, and were not read',
      );
    }
    const first = kept.first ?? Number.POSITIVE_INFINITY;
    return Math.min(first, ...resumed);
  }

  private async scan(blocks: BlockRef[], cursor: BlockRef, keys: Set<string>): Promise<number> {
    const { network } = this.settings;
    let found = 0;
    for (const kept of blocks) {
      const block = await this.reader.blockAt(kept.height);
      // Left the chain: the follower rewinds below it and processes its replacement, addresses known.
      if (!block || block.hash !== kept.hash) continue;
      const transfers = block.transfers.filter((transfer) => keys.has(addressKey(network, transfer.to)));
      const sightings = await this.matcher.match(transfers);
      if (sightings.length === 0) continue;
      await this.chain.recordInKeptBlock(network, cursor, block, sightings);
      found += sightings.length;
    }
    return found;
  }
}
