import { Backoff, type Logger, type Clock } from '@swap/domain';
import { unavailability } from './unavailable';

/** How long an outage lasts before a warning says it still does; later reminders double, up to the cap. */
const STILL_WAITING_MS = 60_000;
const REMINDER_CAP_MS = 10 * 60_000;
/** The same fault is logged (with its stack) at most this often; the repeats between are counted. */
const FAULT_REPEAT_MS = 60_000;
/** The longest pause between attempts while failing. */
const MAX_BACKOFF_MS = 30_000;

export interface DependencyWaitOptions {
  /** UNIX milliseconds. */
  clock?: Clock;
  stillWaitingMs?: number;
  /** The level of a fault (not an outage), with its stack: error unless the work's own says otherwise. */
  faultLevel?: 'warn' | 'error';
  /** The first pause after a failed attempt (the work's own interval); doubled per failure. */
  backoffMs?: number;
  /** The cap of that pause. */
  maxBackoffMs?: number;
}

/**
 * How one piece of work (a task, a network's reads) reports the dependencies it cannot reach, and
 * how long it pauses before trying again.
 *
 * An outage is one line when it starts: at info while the dependency has never answered yet (a
 * devnet, a node, NATS or PostgreSQL still starting with the service), at warn once it had (it
 * went away). A warning says it still lasts after `stillWaitingMs`, then again at doubling
 * intervals up to ten minutes, with the attempts made; one line says when it is reachable again.
 * Any other failure is a fault, logged with its stack, but the same fault at most once a minute,
 * the repeats counted on the next line. Each failure in a row doubles the pause before the next
 * attempt (`retryInMs`), from `backoffMs` up to `maxBackoffMs`.
 */
export class DependencyWait {
  private since: number | null = null;
  private reached = false;
  private nextReminder = 0;
  private reminderGap = 0;
  private attempts = 0;
  private failures = 0;
  private lastFailureAt = 0;
  private fault: { key: string; loggedAt: number; repeats: number } | null = null;
  private faulted = false;
  private readonly clock: Clock;
  private readonly stillWaitingMs: number;
  private readonly faultLevel: 'warn' | 'error';
  private readonly backoffMs: number;
  private readonly backoff: Backoff;

  constructor(
    /** What is waiting, as in the log: "LTC chain poll", "liquidity of LTC". */
    private readonly name: string,
    private readonly logger: Logger,
    options: DependencyWaitOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.stillWaitingMs = options.stillWaitingMs ?? STILL_WAITING_MS;
    this.faultLevel = options.faultLevel ?? 'error';
    this.backoffMs = Math.max(1, options.backoffMs ?? 1_000);
    const maxMs = Math.max(this.backoffMs, options.maxBackoffMs ?? MAX_BACKOFF_MS);
    this.backoff = new Backoff({ firstMs: this.backoffMs, maxMs });
  }

  /** Whether the work is waiting for a dependency now. */
  get waiting(): boolean {
    return this.since !== null;
  }

  /** The pause before the next attempt: the work's interval while it succeeds, longer per failure in a row. */
  get retryInMs(): number {
    if (this.failures === 0) return this.backoffMs;
    return this.backoff.delay(this.failures - 1);
  }

  /** Whether the next attempt is due (for work that runs on another's schedule, one network of many). */
  due(): boolean {
    return this.failures === 0 || this.clock() - this.lastFailureAt >= this.retryInMs;
  }

  /**
   * A failed attempt: quiet when a dependency is unavailable, loud (with the stack) otherwise;
   * `details` go with a fault's line (which transfer, which index).
   */
  failed(err: unknown, message = `${this.name} failed`, details: object = {}): void {
    const now = this.clock();
    this.failures++;
    this.lastFailureAt = now;
    const unavailable = unavailability(err);
    if (!unavailable) {
      this.faulted = true;
      this.logFault(now, err, message, details);
      return;
    }
    this.attempts++;
    const what = `${unavailable.dependency ?? 'a dependency'} (${unavailable.reason})`;
    const line = { task: this.name, dependency: unavailable.dependency, reason: unavailable.reason };
    if (this.since === null) {
      this.since = now;
      this.attempts = 1;
      this.reminderGap = this.stillWaitingMs;
      this.nextReminder = now + this.reminderGap;
      if (this.reached) {
        this.log(
          'warn',
          line,
          `${this.name}: ${what} unreachable; trying again, less often the longer it lasts`,
        );
      } else {
        this.log('info', line, `${this.name}: waiting for ${what}`);
      }
    } else if (now >= this.nextReminder) {
      this.reminderGap = Math.min(this.reminderGap * 2, REMINDER_CAP_MS);
      this.nextReminder = now + this.reminderGap;
      const lasting = { ...line, attempts: this.attempts, retryInMs: this.retryInMs };
      this.log('warn', lasting, `${this.name}: still waiting for ${what} after ${seconds(now - this.since)}`);
    }
  }

  /** A successful attempt: ends the outage, or the faults, if there were any. */
  succeeded(): void {
    this.reached = true;
    this.failures = 0;
    if (this.faulted && this.since === null) {
      const repeats = this.fault?.repeats ?? 0;
      this.log('info', { task: this.name, ...(repeats ? { repeats } : {}) }, `${this.name} recovered`);
    }
    this.faulted = false;
    this.fault = null;
    if (this.since === null) return;
    const waited = this.clock() - this.since;
    this.since = null;
    this.log(
      'info',
      { task: this.name, waitedMs: waited, attempts: this.attempts },
      `${this.name}: reachable again after ${seconds(waited)}`,
    );
  }

  /** The first of a kind with its stack; the same again within FAULT_REPEAT_MS only counted. */
  private logFault(now: number, err: unknown, message: string, details: object): void {
    const key = `${message}\u0000${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
    if (this.fault?.key === key && now - this.fault.loggedAt < FAULT_REPEAT_MS) {
      this.fault.repeats++;
      return;
    }
    const repeats = this.fault?.key === key ? this.fault.repeats : 0;
    this.fault = { key, loggedAt: now, repeats: 0 };
    this.log(this.faultLevel, { ...details, err, task: this.name, ...(repeats ? { repeats } : {}) }, message);
  }

  private log(level: 'info' | 'warn' | 'error', details: object, message: string): void {
    this.logger[level](details, message);
  }
}

const seconds = (ms: number): string => `${Math.max(0, Math.round(ms / 1000))} s`;

/** One DependencyWait per key (a network), made on first use. */
export class DependencyWaits<K> {
  private readonly waits = new Map<K, DependencyWait>();

  constructor(
    private readonly name: (key: K) => string,
    private readonly logger: Logger,
    private readonly options: DependencyWaitOptions = {},
  ) {}

  of(key: K): DependencyWait {
    let wait = this.waits.get(key);
    if (!wait) {
      wait = new DependencyWait(this.name(key), this.logger, this.options);
      this.waits.set(key, wait);
    }
    return wait;
  }
}
