import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface NodeProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** The last few KB the process wrote, for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartProcessOptions {
  name: string;
  bin: string;
  args: string[];
  /** Resolves true once the process serves requests; polled until `timeoutMs`. */
  ready: (output: string) => Promise<boolean> | boolean;
  timeoutMs?: number;
  /** Hint added to the error when the binary is missing ("apt-get install -y litecoind"). */
  install?: string;
}

const live = new Set<NodeProcess>();
let exitHookInstalled = false;

/** Nodes a test forgot (or a crash left) must not outlive the test run. */
function killAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const node of live) node.child.kill('SIGKILL');
  });
}

/**
 * Spawns a node binary and waits until `ready` says it serves. Throws with the process's own
 * output when it exits first, and kills it when it does not get ready in time.
 */
export async function startProcess(options: StartProcessOptions): Promise<NodeProcess> {
  const { name, bin, args, ready, timeoutMs = 30_000 } = options;
  killAllOnExit();
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let failure: Error | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (err) => {
    const hint = options.install ? ` (${options.install})` : '';
    failure = new Error(`cannot run ${bin}${hint}`, { cause: err });
  });
  child.once('exit', (code, signal) => {
    failure ??= new Error(`${name} exited (${code ?? signal}) before it was ready:\n${output}`);
  });

  const node: NodeProcess = {
    name,
    child,
    output: () => output,
    stop: async (graceMs = 5_000) => {
      live.delete(node);
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  live.add(node);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (failure) {
      await node.stop(0);
      throw failure;
    }
    try {
      if (await ready(output)) return node;
    } catch {
      // not serving yet
    }
    if (Date.now() > deadline) {
      await node.stop(0);
      throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A fresh temporary directory that every user can enter (node daemons may drop privileges),
 * and its removal.
 */
export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `${prefix}-`));
  chmodSync(path, 0o755);
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
