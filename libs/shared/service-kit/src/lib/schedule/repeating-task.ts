import type { Logger } from '@swap/domain';
import { DependencyWait } from '../waiting/dependency-wait';

/**
 * Runs `task` now and then `everyMs` after each run ends (never two runs at once). A failed run is
 * logged and the schedule goes on: one bad refresh must not stop a service's loop, nor crash it;
 * each failure in a row doubles the pause before the next run, up to `maxBackoffMs` (30 s by
 * default), so a node or peer away for minutes is not hammered, and the first success restores
 * the interval.
 * A run that failed for want of a dependency (a peer or node still starting, NATS without a
 * responder) is one info line per outage and one when it is reachable again (see DependencyWait);
 * any other failure is an error with its stack.
 */
export class RepeatingTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly wait: DependencyWait;

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly task: () => Promise<void>,
    logger: Logger,
    clock: () => number = Date.now,
    /** The cap of the pause between failed runs (each failure in a row doubles it from `everyMs`). */
    maxBackoffMs?: number,
  ) {
    this.wait = new DependencyWait(name, logger, { clock, backoffMs: everyMs, maxBackoffMs });
  }

  /** Resolves once the first run has ended (successfully or not). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.run();
  }

  /** No further runs; resolves once a run under way has ended (so what it uses can be closed). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private run(): Promise<void> {
    this.running = this.runOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async runOnce(): Promise<void> {
    let delay = this.everyMs;
    try {
      await this.task();
      this.wait.succeeded();
    } catch (err) {
      this.wait.failed(err, `${this.name} failed; trying again, less often while it keeps failing`);
      delay = this.wait.retryInMs;
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.run(), delay);
  }
}
