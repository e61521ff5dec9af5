/** The part of a pino logger a repeating task reports failures to. */
export interface TaskLogger {
  error(obj: object, msg?: string): void;
}

/**
 * Runs `task` now and then `everyMs` after each run ends (never two runs at once). A failed run is
 * logged and the schedule goes on: one bad refresh must not stop a service's loop, nor crash it.
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
  ) {}

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
    } catch (err) {
      this.logger.error({ err, task: this.name }, `${this.name} failed; retrying in ${this.everyMs} ms`);
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.run(), this.everyMs);
  }
}
