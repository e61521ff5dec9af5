import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { Backoff } from '@swap/domain';
import { pipeLines } from './line-pipe';
import { killOnExit, stopChild } from './process-group';
import { say } from './say';

const RESTARTS = new Backoff({ firstMs: 1_000, maxMs: 30_000 });
// A child that ran this long before crashing was healthy: its next restart is quick again.
const STABLE_AFTER_MS = 30_000;
const STOP_GRACE_MS = 15_000;
/** A service's exit code for a configuration no restart can mend (EXIT_CONFIG of @swap/service-kit). */
export const EXIT_CONFIG = 78;
/** Lines of a child's output kept to repeat when it stops for its configuration. */
const TAIL_LINES = 20;

/**
 * Runs one service as a child process and restarts it, with growing delays, when it crashes. A
 * service that exits for its configuration (EXIT_CONFIG) is not restarted: `invalid` is told,
 * with the service's last lines, which name what to fix.
 */
export class Supervisor {
  private child?: ChildProcess;
  private restartTimer?: NodeJS.Timeout;
  /** Crashes since the child last ran long enough to count as healthy. */
  private crashes = 0;
  private stopping = false;
  private readonly tail: string[] = [];

  constructor(
    private readonly name: string,
    private readonly script: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly invalid: (name: string, lines: string[]) => void = () => undefined,
    /** Where the running child's pid is kept, for the next run should this launcher die uncleanly. */
    private readonly pidFile?: string,
  ) {}

  start(): void {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--enable-source-maps', this.script], {
      env: this.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    killOnExit(child);
    const pidFile = this.pidFile;
    if (pidFile && child.pid) {
      writeFileSync(pidFile, `${child.pid}\n`);
      child.once('exit', () => rmSync(pidFile, { force: true }));
    }
    const remember = (line: string) => {
      this.tail.push(line);
      if (this.tail.length > TAIL_LINES) this.tail.shift();
      return true;
    };
    pipeLines(this.name, child.stdout, remember);
    pipeLines(this.name, child.stderr, remember);
    child.once('error', (err) => say(`${this.name} could not be started: ${err.message}`));
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      if (code === EXIT_CONFIG) {
        this.stopping = true;
        // Its last lines may still be on their way through the pipes.
        setImmediate(() => this.invalid(this.name, [...this.tail]));
        return;
      }
      if (Date.now() - startedAt > STABLE_AFTER_MS) this.crashes = 0;
      const delayMs = RESTARTS.delay(this.crashes++);
      const how = signal ? `signal ${signal}` : `code ${code}`;
      say(`${this.name} exited (${how}); restarting in ${delayMs / 1000} s`);
      this.restartTimer = setTimeout(() => this.start(), delayMs);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    if (this.child) await stopChild(this.child, 'SIGTERM', STOP_GRACE_MS);
  }
}
