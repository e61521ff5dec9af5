/** The part of a pino logger a repeating task reports failures to. */
export interface TaskLogger {
  error(obj: object, msg?: string): void;
  warn?(obj: object, msg?: string): void;
  info?(obj: object, msg?: string): void;
}

/** How long a task may keep failing before its failures are errors rather than warnings. */
const QUIET_FAILURE_MS = 30_000;

/**
 * Runs `task` now and then `everyMs` after each run ends (never two runs at once). A failed run is
 * logged and the schedule goes on: one bad refresh must not stop a service's loop, nor crash it.
 * Failures in the first `quietMs` of a failing streak (a peer still starting, a short outage) are a
 * one-line warning when the logger has `warn`; a streak that lasts longer is an error with its
 * stack, and the first success after a streak says the task recovered.
 */
export class RepeatingTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly task: () => Promise<void>,
    private readonly logger: TaskLogger,
    private readonly quietMs = QUIET_FAILURE_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  private failingSince: number | null = null;

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
    try {
      await this.task();
      if (this.failingSince !== null) this.logger.info?.({ task: this.name }, `${this.name} recovered`);
      this.failingSince = null;
    } catch (err) {
      this.failed(err);
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.run(), this.everyMs);
  }

  private failed(err: unknown): void {
    const now = this.clock();
    this.failingSince ??= now;
    const message = `${this.name} failed; retrying in ${this.everyMs} ms`;
    if (this.logger.warn && now - this.failingSince < this.quietMs)
      this.logger.warn({ task: this.name, error: err instanceof Error ? err.message : String(err) }, message);
    else this.logger.error({ err, task: this.name }, message);
  }
}
