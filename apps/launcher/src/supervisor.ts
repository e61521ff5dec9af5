import { spawn, type ChildProcess } from 'node:child_process';
import { pipeLines } from './line-pipe';
import { killOnExit, stopChild } from './process-group';
import { say } from './say';

const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
// A child that ran this long before crashing was healthy: its next restart is quick again.
const STABLE_AFTER_MS = 30_000;
const STOP_GRACE_MS = 15_000;

/** Runs one service as a child process and restarts it, with growing delays, when it crashes. */
export class Supervisor {
  private child?: ChildProcess;
  private restartTimer?: NodeJS.Timeout;
  private backoffMs = FIRST_BACKOFF_MS;
  private stopping = false;

  constructor(
    private readonly name: string,
    private readonly script: string,
    private readonly env: NodeJS.ProcessEnv,
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
    pipeLines(this.name, child.stdout);
    pipeLines(this.name, child.stderr);
    child.once('error', (err) => say(`${this.name} could not be started: ${err.message}`));
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      if (Date.now() - startedAt > STABLE_AFTER_MS) this.backoffMs = FIRST_BACKOFF_MS;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      say(`${this.name} exited (${how}); restarting in ${this.backoffMs / 1000} s`);
      this.restartTimer = setTimeout(() => this.start(), this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    if (this.child) await stopChild(this.child, 'SIGTERM', STOP_GRACE_MS);
  }
}
