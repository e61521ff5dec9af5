import { unavailability } from './unavailable';

/** The part of a pino logger a DependencyWait writes to. */
export interface WaitLogger {
  error(obj: object, msg?: string): void;
  warn?(obj: object, msg?: string): void;
  info?(obj: object, msg?: string): void;
}

/** How long an outage lasts before one more line, a warning, says it still does. */
const STILL_WAITING_MS = 60_000;

export interface DependencyWaitOptions {
  /** UNIX milliseconds. */
  clock?: () => number;
  stillWaitingMs?: number;
  /** The level of a fault (not an outage), with its stack: error unless the work's own says otherwise. */
  faultLevel?: 'warn' | 'error';
}

/**
 * How one piece of work (a task, a network's reads) reports the dependencies it cannot reach.
 * While they start (a devnet, a node, NATS or PostgreSQL coming up) it says so in one line at
 * info, once per outage, without a stack; once more, at warn, if the outage outlasts
 * `stillWaitingMs`; and when the work succeeds again, for how long it waited. Any other failure is
 * a fault, logged with its stack every time.
 */
export class DependencyWait {
  private since: number | null = null;
  private reminded = false;
  private faulted = false;
  private readonly clock: () => number;
  private readonly stillWaitingMs: number;
  private readonly faultLevel: 'warn' | 'error';

  constructor(
    /** What is waiting, as in the log: "LTC chain poll", "liquidity of LTC". */
    private readonly name: string,
    private readonly logger: WaitLogger,
    options: DependencyWaitOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.stillWaitingMs = options.stillWaitingMs ?? STILL_WAITING_MS;
    this.faultLevel = options.faultLevel ?? 'error';
  }

  /** Whether the work is waiting for a dependency now. */
  get waiting(): boolean {
    return this.since !== null;
  }

  /**
   * A failed attempt: quiet when a dependency is unavailable, loud (with the stack) otherwise;
   * `details` go with a fault's line (which transfer, which index).
   */
  failed(err: unknown, message = `${this.name} failed`, details: object = {}): void {
    const unavailable = unavailability(err);
    if (!unavailable) {
      this.faulted = true;
      this.log(this.faultLevel, { ...details, err, task: this.name }, message);
      return;
    }
    const now = this.clock();
    const what = `${unavailable.dependency ?? 'a dependency'} (${unavailable.reason})`;
    const line = { task: this.name, dependency: unavailable.dependency, reason: unavailable.reason };
    if (this.since === null) {
      this.since = now;
      this.reminded = false;
      this.log('info', line, `${this.name}: waiting for ${what}`);
    } else if (!this.reminded && now - this.since >= this.stillWaitingMs) {
      this.reminded = true;
      this.log('warn', line, `${this.name}: still waiting for ${what} after ${seconds(now - this.since)}`);
    }
  }

  /** A successful attempt: ends the outage, or the faults, if there were any. */
  succeeded(): void {
    if (this.faulted && this.since === null) this.log('info', { task: this.name }, `${this.name} recovered`);
    this.faulted = false;
    if (this.since === null) return;
    const waited = this.clock() - this.since;
    this.since = null;
    this.log(
      'info',
      { task: this.name, waitedMs: waited },
      `${this.name}: reachable again after ${seconds(waited)}`,
    );
  }

  private log(level: 'info' | 'warn' | 'error', details: object, message: string): void {
    const write = this.logger[level] ?? this.logger.info ?? this.logger.error;
    write.call(this.logger, details, message);
  }
}

const seconds = (ms: number): string => `${Math.max(0, Math.round(ms / 1000))} s`;

/** One DependencyWait per key (a network), made on first use. */
export class DependencyWaits<K> {
  private readonly waits = new Map<K, DependencyWait>();

  constructor(
    private readonly name: (key: K) => string,
    private readonly logger: WaitLogger,
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
