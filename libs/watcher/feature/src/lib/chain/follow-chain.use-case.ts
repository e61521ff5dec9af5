import type { BlockRef, ChainReader } from '@swap/chain';
import type { DepositReporter } from '../deposits/deposit-reporter';
import { NO_PROGRESS, type WatcherProgress } from '../metrics/watcher.metrics';
import type { BlockFollower } from './block-follower';
import type { LateAddressRescan } from './late-address-rescan';
import type { MempoolTracker } from './mempool-tracker';

/**
 * One poll of the network: the blocks already processed, for addresses learned since the last
 * poll; the new blocks (and any reorganisation); the mempool once the cursor has reached the tip;
 * then every deposit state the engine has not been told yet.
 */
export class FollowChain {
  constructor(
    private readonly reader: ChainReader,
    private readonly rescan: LateAddressRescan,
    private readonly blocks: BlockFollower,
    private readonly mempool: MempoolTracker,
    private readonly reporter: DepositReporter,
    private readonly progress: WatcherProgress = NO_PROGRESS,
  ) {}

  /** Returns the cursor: the last block processed. */
  async step(): Promise<BlockRef | null> {
    // First, so a node that cannot be reached is seen as such whatever the poll reads next.
    const tip = await this.reader.tip().catch((err: unknown) => {
      this.progress.nodeUnreachable();
      throw err;
    });
    this.progress.tip(tip.height);
    // Before the new blocks, which may push the oldest kept ones out of reach.
    await this.rescan.rescan();
    const cursor = await this.blocks.follow(tip);
    if (!cursor) return null;
    this.progress.processed(cursor.height);
    // Only at the tip is "not in a block" known, which the mempool and orphan verdicts rely on.
    if (cursor.height === tip.height && cursor.hash === tip.hash) {
      await this.mempool.track(await this.reader.mempool(), cursor.height);
    }
    await this.reporter.report(cursor.height);
    return cursor;
  }
}
