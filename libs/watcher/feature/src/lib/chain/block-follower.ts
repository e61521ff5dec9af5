import type { Logger, Clock } from '@swap/domain';
import type { BlockRef, ChainBlock, ChainReader } from '@swap/chain';
import type { ChainRepository, DepositRepository, Replacement } from '@swap/watcher-data';
import type { DepositMatcher } from '../deposits/deposit-matcher';
import type { WatcherSettings } from '../watcher.settings';
import { findCommonAncestor } from './common-ancestor';
import { replacedDeposits } from './replaced-deposits';

/**
 * Follows the best chain block by block from the persisted cursor, recording the deposits of each
 * block. A block that does not build on the cursor means a reorganisation: the follower walks
 * back to the common ancestor, forgets the orphaned blocks (their deposits become orphaned, to be
 * found again or reported gone) and goes on from there. A block spending the coins of a deposit
 * still outside the chain (a double spend mined) marks that deposit replaced in the same step.
 */
export class BlockFollower {
  constructor(
    private readonly reader: ChainReader,
    private readonly chain: ChainRepository,
    private readonly deposits: DepositRepository,
    private readonly matcher: DepositMatcher,
    private readonly settings: WatcherSettings,
    private readonly logger: Logger,
    /** UNIX milliseconds. */
    private readonly clock: Clock,
  ) {}

  /** Processes the blocks after the cursor, up to `tip` (at most blocksPerPoll); returns the new cursor. */
  async follow(tip: BlockRef): Promise<BlockRef | null> {
    const { network, blocksPerPoll, startDepth, keepBlocks, lateWindowMs } = this.settings;
    let cursor = await this.chain.cursor(network);
    if (cursor && (await this.lagging(cursor, tip))) return cursor;
    if (cursor && !mayPrecede(cursor, tip)) {
      const rewound = await this.rewind(cursor, tip);
      if (rewound === UNSETTLED) return cursor;
      cursor = rewound;
    }
    for (let processed = 0; processed < blocksPerPoll; processed++) {
      const height = cursor ? cursor.height + 1 : Math.max(0, tip.height - startDepth);
      if (height > tip.height) break;
      const block = await this.reader.blockAt(height);
      // The chain got shorter since the tip was read: the next poll sees it.
      if (!block) break;
      if (cursor && block.parentHash !== cursor.hash) {
        const rewound = await this.rewind(cursor, tip);
        if (rewound === UNSETTLED) break;
        cursor = rewound;
        continue;
      }
      const sightings = await this.matcher.match(block.transfers);
      const processedAt = this.clock();
      const replaced = await this.replacedIn(block.transfers);
      await this.chain.advance(
        network,
        cursor,
        block,
        sightings,
        { processedAt, keepBlocks, keepSince: processedAt - lateWindowMs },
        replaced,
      );
      this.logger.debug(
        { network, height: block.height, hash: block.hash, deposits: sightings.length },
        'block processed',
      );
      for (const { id, by } of replaced)
        this.logger.warn(
          { network, deposit: id, by, height: block.height },
          'deposit double-spent in a block',
        );
      cursor = { height: block.height, hash: block.hash };
    }
    return cursor;
  }

  /** Deposits outside the chain whose coins these transactions spend (UTXO chains only). */
  private async replacedIn(transfers: ChainBlock['transfers']): Promise<Replacement[]> {
    if (!transfers.some((transfer) => transfer.spends?.length)) return [];
    return replacedDeposits(await this.deposits.unmined(this.settings.network), transfers);
  }

  /**
   * A tip below the cursor that is a block the follower already processed: the node is behind
   * (a lagging replica behind a load balancer, a node resyncing), not reorganised. Nothing is
   * undone until a chain without the processed blocks actually shows up.
   */
  private async lagging(cursor: BlockRef, tip: BlockRef): Promise<boolean> {
    if (tip.height >= cursor.height) return false;
    const { network } = this.settings;
    if ((await this.chain.keptHash(network, tip.height)) !== tip.hash) return false;
    this.logger.warn(
      { network, cursor: cursor.height, tip: tip.height },
      'the node is behind the blocks already processed; waiting for it',
    );
    return true;
  }

  /**
   * Walks back to the common ancestor and forgets the blocks above it. When that ancestor is the
   * cursor itself, nothing was reorganised: the node named a tip (or a block's parent) that its
   * own blocks do not show (replicas behind a load balancer disagreeing, a node switching
   * branches, two devnets on one bus). Nothing is undone then, the poll ends and the next one
   * reads the node again: UNSETTLED.
   */
  private async rewind(cursor: BlockRef, tip: BlockRef): Promise<BlockRef | null | typeof UNSETTLED> {
    const { network } = this.settings;
    const kept = await this.chain.recentBlocks(network);
    const ancestor = await findCommonAncestor(this.reader, kept, Math.min(cursor.height, tip.height));
    if (
      !ancestor.beyondKept &&
      ancestor.block?.height === cursor.height &&
      ancestor.block.hash === cursor.hash
    ) {
      this.logger.warn(
        { network, height: cursor.height, tip: tip.hash, cursor: cursor.hash },
        "the node's tip and its blocks disagree; nothing undone, reading it again next poll",
      );
      return UNSETTLED;
    }
    // A node resynced on another chain looks like this: its chain identity is checked first (the
    // service's reader stops the watcher on a mismatch), before any block is forgotten.
    if (ancestor.beyondKept) await this.reader.identity();
    const orphaned = await this.chain.rewind(network, cursor, ancestor.block);
    const details = { network, from: cursor.height, to: ancestor.block?.height ?? null, orphaned };
    if (ancestor.beyondKept) {
      this.logger.error(
        details,
        'reorganisation deeper than the blocks kept; deposits below were not re-checked',
      );
    } else {
      this.logger.warn(details, 'reorganisation: orphaned blocks forgotten');
    }
    return ancestor.block;
  }
}

const UNSETTLED = Symbol('unsettled');

/** False when the cursor cannot lie on the chain ending at `tip` (above it, or a sibling of it). */
function mayPrecede(cursor: BlockRef, tip: BlockRef): boolean {
  if (cursor.height > tip.height) return false;
  return cursor.height < tip.height || cursor.hash === tip.hash;
}
