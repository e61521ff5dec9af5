import type { Logger, Clock } from '@swap/domain';
import { DependencyWait } from '../waiting/dependency-wait';
import { stalledLoops, type LoopStall, type WatchedLoop } from './stalled-loops';

/** A run longer than this is taken for stuck, unless the task says otherwise: 2 min, or 20 intervals. */
export const stuckAfterMsFor = (everyMs: number): number => Math.max(120_000, 20 * everyMs);

/**
 * Runs `task` now and then `everyMs` after each run ends (never two runs at once). A failed run is
 * logged and the schedule goes on: one bad refresh must not stop a service's loop, nor crash it;
 * each failure in a row doubles the pause before the next run, up to `maxBackoffMs` (30 s by
 * default), so a node or peer away for minutes is not hammered, and the first success restores
 * the interval.
 * A run that failed for want of a dependency (a peer or node still starting, NATS without a
 * responder) is one info line per outage and one when it is reachable again (see DependencyWait);
 * any other failure is an error with its stack.
 *
 * A run that has not ended after `stuckAfterMs` (a query or a call that never answers) is left
 * behind: the loop logs it, says so in /readyz (see stalledLoops) and starts a new run, so one hung
 * call cannot stop the service's work for good. The runs must therefore be safe to repeat, as
 * every loop here is (guarded updates, idempotent messages); the run left behind, if it ever ends,
 * schedules nothing. /readyz names the loop until a run ends again.
 */
export class RepeatingTask implements WatchedLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly wait: DependencyWait;
  /** Which run is the loop's own: a run left behind is an older generation and schedules nothing. */
  private generation = 0;
  private runStartedAt: number | null = null;
  /** When a stuck run was left behind, until a later run ends. */
  private stuckSince: { at: number; forMs: number } | null = null;
  private watchdog: NodeJS.Timeout | undefined;
  private readonly stuckAfterMs: number;

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly task: () => Promise<void>,
    private readonly logger: Logger,
    private readonly clock: Clock = Date.now,
    /** The cap of the pause between failed runs (each failure in a row doubles it from `everyMs`). */
    maxBackoffMs?: number,
    /** A run not ended after this long is left behind and a new one started (see the class). */
    stuckAfterMs: number = stuckAfterMsFor(everyMs),
  ) {
    this.wait = new DependencyWait(name, logger, { clock, backoffMs: everyMs, maxBackoffMs });
    this.stuckAfterMs = stuckAfterMs;
  }

  /** Resolves once the first run has ended (successfully or not). */
  async start(): Promise<void> {
    this.stopped = false;
    stalledLoops.add(this);
    this.watchdog = setInterval(() => this.checkStuck(), Math.min(this.stuckAfterMs / 4, 30_000));
    this.watchdog.unref();
    await this.run();
  }

  /** No further runs; resolves once a run under way has ended (so what it uses can be closed). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.watchdog);
    this.timer = undefined;
    stalledLoops.remove(this);
    await this.running;
  }

  /** For /readyz: a run under way for too long, or a loop restarted after one and not through a run since. */
  stall(now: number): LoopStall | null {
    const runningForMs = this.runStartedAt === null ? 0 : now - this.runStartedAt;
    if (runningForMs > this.stuckAfterMs)
      return {
        name: this.name,
        reason: `${this.name}: one run has not ended for ${seconds(runningForMs)} s`,
      };
    if (this.stuckSince)
      return {
        name: this.name,
        reason: `${this.name}: a run made no progress for ${seconds(this.stuckSince.forMs)} s and was left behind; started again, no run has ended since`,
      };
    return null;
  }

  private run(): Promise<void> {
    const generation = ++this.generation;
    const running = this.runOnce(generation).finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  private async runOnce(generation: number): Promise<void> {
    let delay = this.everyMs;
    this.runStartedAt = this.clock();
    try {
      await this.task();
      if (generation !== this.generation) return;
      this.wait.succeeded();
    } catch (err) {
      if (generation !== this.generation) return;
      this.wait.failed(err, `${this.name} failed; trying again, less often while it keeps failing`);
      delay = this.wait.retryInMs;
    }
    this.runStartedAt = null;
    this.stuckSince = null;
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.run(), delay);
  }

  private checkStuck(): void {
    if (this.stopped || this.runStartedAt === null) return;
    const now = this.clock();
    const runningForMs = now - this.runStartedAt;
    if (runningForMs <= this.stuckAfterMs) return;
    this.logger.error(
      { task: this.name, runningForMs },
      `${this.name} made no progress for ${seconds(runningForMs)} s (a run that has not ended); starting it again`,
    );
    this.stuckSince = { at: now, forMs: runningForMs };
    // The hung run keeps its promise; stop() no longer waits for it, and it schedules nothing.
    void this.run();
  }
}

const seconds = (ms: number) => Math.round(ms / 1000);
