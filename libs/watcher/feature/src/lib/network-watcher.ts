import type { BlockRef } from '@swap/chain';
import type { Network, Logger, Clock } from '@swap/domain';
import { RepeatingTask } from '@swap/service-kit';
import type { FollowChain } from './chain/follow-chain.use-case';
import type { KvLease } from '@swap/bus';
import { NO_PROGRESS, type WatcherProgress } from './metrics/watcher.metrics';

// The cursor's height at info level at most this often; each block is logged at debug.
const PROGRESS_LOG_MS = 30_000;

/**
 * One network's watcher: every poll, the replica holding the network's lease follows the chain
 * one step; the others stand by and take over when the lease expires. Nothing is followed before
 * the watch list has caught up with the swap events, so a fresh database misses no address (one
 * learned later is looked for in the blocks kept, see LateAddressRescan).
 */
export class NetworkWatcher {
  private task: RepeatingTask | undefined;
  // Null until the first poll, so a standby says so too.
  private following: boolean | null = null;
  private watchListReady = false;
  private progress = { height: -1, loggedAt: -Infinity };

  constructor(
    private readonly network: Network,
    private readonly lease: KvLease,
    private readonly follow: FollowChain,
    private readonly watchListCaughtUp: () => Promise<boolean>,
    private readonly logger: Logger,
    private readonly clock: Clock,
    private readonly metrics: WatcherProgress = NO_PROGRESS,
  ) {}

  start(pollMs: number): void {
    this.task = new RepeatingTask(
      `${this.network} chain poll`,
      pollMs,
      () => this.poll().then(),
      this.logger,
    );
    void this.task.start();
  }

  /** Stops polling (a poll under way ends first) and hands the lease on. */
  async stop(): Promise<void> {
    await this.task?.stop();
    await this.lease.release();
  }

  /** One poll; true when this replica followed the chain. */
  async poll(): Promise<boolean> {
    if (!(await this.holdLease())) return false;
    if (!this.watchListReady) {
      this.watchListReady = await this.watchListCaughtUp();
      if (!this.watchListReady) {
        this.logger.info(
          { network: this.network },
          'waiting for the watch list to catch up with swap events',
        );
        return false;
      }
    }
    this.logProgress(await this.follow.step());
    this.metrics.polled(this.clock());
    return true;
  }

  private async holdLease(): Promise<boolean> {
    const holds = await this.lease.hold();
    this.metrics.following(holds);
    if (holds !== this.following) {
      this.following = holds;
      const message = holds ? 'following the chain' : 'standing by: another replica follows the chain';
      this.logger.info({ network: this.network }, message);
    }
    return holds;
  }

  private logProgress(cursor: BlockRef | null): void {
    if (!cursor || cursor.height === this.progress.height) return;
    const now = this.clock();
    if (now - this.progress.loggedAt >= PROGRESS_LOG_MS) {
      this.logger.info({ network: this.network, height: cursor.height, hash: cursor.hash }, 'cursor');
      this.progress.loggedAt = now;
    }
    this.progress.height = cursor.height;
  }
}
