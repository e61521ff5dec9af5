import type { Logger, Clock } from '@swap/domain';
import type { OutboxRepository } from '@swap/engine-data';
import { RepeatingTask } from '@swap/service-kit';

const BATCH = 1000;

/**
 * Keeps the outbox to what is still of use: a published message is kept `retentionHours` (what
 * was sent and when, for operators), then deleted, a batch at a time. JetStream holds the message
 * itself, and the relay never reads a published row again; without this the table, and the index
 * the relay scans, grow with every state change of every swap.
 */
export class OutboxPruneJob {
  private task: RepeatingTask | undefined;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly retentionHours: number,
    private readonly logger: Logger,
    private readonly clock: Clock = Date.now,
  ) {}

  start(intervalMs = 10 * 60_000): void {
    const run = async () => void (await this.runOnce());
    this.task = new RepeatingTask('outbox prune', intervalMs, run, this.logger);
    void this.task.start();
  }

  async stop(): Promise<void> {
    await this.task?.stop();
  }

  async runOnce(): Promise<number> {
    const before = new Date(this.clock() - this.retentionHours * 3_600_000);
    let pruned = 0;
    for (;;) {
      const deleted = await this.outbox.prunePublished(before, BATCH);
      pruned += deleted;
      if (deleted < BATCH) break;
    }
    if (pruned > 0)
      this.logger.info({ pruned, before: before.toISOString() }, 'published outbox messages pruned');
    return pruned;
  }
}
