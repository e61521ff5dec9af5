import type { Logger, Clock } from '@swap/domain';
import { SwapRepository } from '@swap/engine-data';
import { RepeatingTask } from '@swap/service-kit';
import { SwapCommands } from './swap-commands';

/**
 * The payment-window timer. It is durable because it is a query: any engine instance, after any
 * restart, finds the NEW swaps whose window has passed and expires them through their actor.
 * It waits `graceSeconds` past the window first: a deposit the watcher saw just before the end
 * may still be on its way through the inbox (a retry, a partition moving between instances), and
 * an EXPIRED swap can no longer take it.
 */
export class ExpiryJob {
  private task: RepeatingTask | undefined;

  constructor(
    private readonly swaps: SwapRepository,
    private readonly commands: SwapCommands,
    private readonly logger: Logger,
    private readonly clock: Clock = Date.now,
    private readonly graceSeconds = 0,
  ) {}

  start(intervalMs = 5000): void {
    const run = async () => void (await this.runOnce());
    this.task = new RepeatingTask('expiry run', intervalMs, run, this.logger);
    void this.task.start();
  }

  /** Resolves once a run under way has ended, so the database can be closed after it. */
  async stop(): Promise<void> {
    await this.task?.stop();
  }

  async runOnce(): Promise<number> {
    const ids = await this.swaps.findExpiredIds(Math.floor(this.clock() / 1000) - this.graceSeconds, 500);
    let expired = 0;
    for (const id of ids) if (await this.commands.expire(id)) expired++;
    if (expired > 0) this.logger.info({ expired }, 'expired swaps without a deposit');
    return expired;
  }
}
