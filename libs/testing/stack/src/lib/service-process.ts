import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '@swap/testing';
import { listensOn } from './port-owner';
import { repoRoot } from './repo-root';

const ROOT = repoRoot();

/** One compiled service (dist/apps/<app>/src/main.js) running as its own process, as in production. */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private starts = 0;
  readonly output: string[] = [];

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
   * Starts the service, or starts it again after kill() or stop(); the output so far is kept. A
   * free port can be taken by another process before the service binds it (suites run in
   * parallel): then the service is started again on another one.
   */
  async start(timeoutMs = 30_000): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const from = this.output.length;
      try {
        return await this.startOnce(timeoutMs);
      } catch (error) {
        const taken = this.output.slice(from).some((line) => line.includes('EADDRINUSE'));
        if (!taken || attempt >= 3) throw error;
        this.listenPort = await freePort();
      }
    }
  }

  private async startOnce(timeoutMs: number): Promise<void> {
    if (this.child && alive(this.child)) throw new Error(`${this.name} is already running`);
    if (this.starts++ > 0) this.output.push(`\n--- ${this.name} restarted (start ${this.starts})\n`);
    // STACK_NODE_ARGS passes flags such as --cpu-prof to every service, for profiling a run.
    const nodeArgs = (process.env['STACK_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
    const main = join(ROOT, 'dist/apps', this.app, 'src/main.js');
    const child = spawn(process.execPath, [...nodeArgs, main], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!alive(child)) throw new Error(`${this.name} exited: ${this.output.join('')}`);
      try {
        const ready = await upAndAnswering(await fetch(`${this.url}/readyz`));
        // Only our child's answer counts: another suite's service may hold the port.
        if (ready && child.pid !== undefined && listensOn(child.pid, this.port)) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} not ready within ${timeoutMs} ms: ${this.output.join('')}`);
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
