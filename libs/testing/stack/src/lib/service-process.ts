import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './repo-root';

const ROOT = repoRoot();

/** One compiled service (dist/apps/<app>/src/main.js) running as its own process, as in production. */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  readonly output: string[] = [];

  constructor(
    readonly name: string,
    private readonly app: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(timeoutMs = 30_000): Promise<void> {
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
      if (child.exitCode !== null) throw new Error(`${this.name} exited: ${this.output.join('')}`);
      try {
        if ((await fetch(`${this.url}/readyz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} not ready within ${timeoutMs} ms: ${this.output.join('')}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
