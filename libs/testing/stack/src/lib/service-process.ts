import { ChildProcess, spawn } from 'node:child_process';
import { isAbsolute, join } from 'node:path';
import { isStartupMessage, STARTUP_IPC_ENV, type StartupStep } from '@swap/service-kit';
import { freePort } from '@swap/testing';
import { listensOn } from './port-owner';
import { repoRoot } from './repo-root';

const ROOT = repoRoot();
/**
 * However long a start-up keeps moving, it is given up after this: a service that logs forever
 * without becoming ready is broken, not slow.
 */
const START_CAP_MS = 300_000;

/** One compiled service (dist/apps/<app>/src/main.js) running as its own process, as in production. */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private starts = 0;
  readonly output: string[] = [];
  /** The steps the current (or last) start-up has finished, as the service told them. */
  startupSteps: StartupStep[] = [];
  /** How long the last successful start took, from spawn to a ready answer. */
  startMs: number | undefined;
  private lastSign = 0;

  constructor(
    readonly name: string,
    private readonly app: string,
    private listenPort: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** The HTTP port; it changes only when the one first given was taken before the service bound it. */
  get port(): number {
    return this.listenPort;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The running process's id (undefined before start), for benchmarks that account for its CPU time. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Starts the service, or starts it again after kill() or stop(); the output so far is kept. The
   * wait lasts as long as the start-up moves: it fails once the service has finished no step and
   * printed nothing for `stallMs` (or has not become ready within START_CAP_MS), and then says the
   * steps it finished and what it printed last. A free port can be taken by another process before
   * the service binds it (suites run in parallel): then the service is started again on another one.
   */
  async start(stallMs = 30_000): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const from = this.output.length;
      try {
        return await this.startOnce(stallMs);
      } catch (error) {
        const taken = this.output.slice(from).some((line) => line.includes('EADDRINUSE'));
        if (!taken || attempt >= 3) throw error;
        this.listenPort = await freePort();
      }
    }
  }

  private async startOnce(stallMs: number): Promise<void> {
    if (this.child && alive(this.child)) throw new Error(`${this.name} is already running`);
    if (this.starts++ > 0) this.output.push(`\n--- ${this.name} restarted (start ${this.starts})\n`);
    // STACK_NODE_ARGS passes flags such as --cpu-prof to every service, for profiling a run.
    const nodeArgs = (process.env['STACK_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
    // An app's name, or the absolute path of a script that behaves as one (the harness's own tests).
    const main = isAbsolute(this.app) ? this.app : join(ROOT, 'dist/apps', this.app, 'src/main.js');
    const startedAt = Date.now();
    this.startupSteps = [];
    this.lastSign = startedAt;
    // The IPC channel carries the service's start-up steps (StartupProgress).
    const child = spawn(process.execPath, [...nodeArgs, main], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...this.env,
        PORT: String(this.port),
        [STARTUP_IPC_ENV]: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.child = child;
    const printed = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      this.lastSign = Date.now();
    };
    child.stdout?.on('data', printed);
    child.stderr?.on('data', printed);
    child.on('message', (message) => {
      if (!isStartupMessage(message)) return;
      this.startupSteps.push(message.startup);
      this.lastSign = Date.now();
    });
    for (;;) {
      if (!alive(child)) throw new Error(`${this.name} exited: ${this.output.join('')}`);
      const now = Date.now();
      if (now - this.lastSign > stallMs || now - startedAt > START_CAP_MS)
        throw new Error(this.notReady(now - startedAt, now - this.lastSign));
      try {
        const probe = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
        const ready = await upAndAnswering(probe);
        // Only our child's answer counts: another suite's service may hold the port.
        if (ready && child.pid !== undefined && listensOn(child.pid, this.port)) {
          this.startMs = Date.now() - startedAt;
          return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Why the start-up was given up: where it stood, and what the service printed last. */
  private notReady(elapsedMs: number, stillMs: number): string {
    const steps = this.startupSteps.map(({ step, atMs }) => `${step} at ${seconds(atMs)}`);
    const stood = steps.length > 0 ? `finished: ${steps.join(', ')}` : 'it finished no start-up step';
    const tail = this.output.join('').slice(-6000);
    return (
      `${this.name} not ready after ${seconds(elapsedMs)}, ${seconds(stillMs)} without progress ` +
      `(${stood})\n--- what ${this.name} printed last:\n${tail || '(nothing)'}`
    );
  }

  /** Sends `signal` (a crash by default: no shutdown hooks run) and waits until the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !alive(child)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.output.push(`\n--- ${this.name} got ${signal}\n`);
    child.kill(signal);
    await exited;
  }

  /** SIGTERM (a graceful shutdown), then SIGKILL if the service has not exited within 10 s. */
  async stop(): Promise<void> {
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 10_000);
    await this.kill('SIGTERM');
    clearTimeout(timer);
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Neither exited nor ended by a signal (exitCode stays null when a signal ended it). */
function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/**
 * Ready, or up and not ready only for reasons it gave (a coin without a price while a test holds
 * its exchanges down): started either way. A check without a reason (the bus, the database) means
 * it is still starting.
 */
async function upAndAnswering(res: Response): Promise<boolean> {
  if (res.status === 200) return true;
  const body = (await res.json().catch(() => ({}))) as { failed?: unknown; reasons?: unknown };
  const reasons = typeof body.reasons === 'object' && body.reasons !== null ? body.reasons : {};
  return (
    Array.isArray(body.failed) &&
    body.failed.length > 0 &&
    body.failed.every((check) => check !== 'shutdown' && Object.hasOwn(reasons, String(check)))
  );
}
