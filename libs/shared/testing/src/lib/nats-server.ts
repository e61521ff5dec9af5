import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface NatsServerHandle {
  url: string;
  /** The server's process, for benchmarks that account for its CPU time; a new one after restart(). */
  readonly pid: number | undefined;
  /** Stops the server (SIGTERM: JetStream flushes its store); resume() starts it again. */
  halt(): Promise<void>;
  /**
   * Starts a halted server again on the same port with the same store: streams, durables and KV
   * buckets survive, connections do not.
   */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;

/**
 * Starts a private nats-server with JetStream on random ports, so integration suites can run in
 * parallel without sharing streams. The binary comes from NATS_SERVER_BIN or PATH. `config`: a
 * configuration for it, such as the `authorization` block that admits only a stack's identities.
 */
export async function startNatsServer(options: { config?: string } = {}): Promise<NatsServerHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'nats-'));
  const bin = process.env['NATS_SERVER_BIN'] || 'nats-server';
  const configFile = options.config === undefined ? undefined : join(dir, 'server.conf');
  if (configFile) writeFileSync(configFile, options.config ?? '', { mode: 0o600 });
  // -p -1 / -m -1: random client and monitoring ports, announced through the ports file.
  let server = runServer(bin, dir, '-1', configFile);
  const stop = async (): Promise<void> => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await server.ready;
    const port = new URL(url).port;
    return {
      url,
      get pid() {
        return server.child.pid;
      },
      halt: () => server.stop(),
      resume: async () => {
        if (server.child.exitCode === null && server.child.signalCode === null) return;
        server = runServer(bin, dir, port, configFile);
        await server.ready;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

interface RunningServer {
  child: ChildProcess;
  /** The client URL, once the server announced its ports. */
  ready: Promise<string>;
  stop(): Promise<void>;
}

function runServer(bin: string, dir: string, port: string, configFile?: string): RunningServer {
  // A ports file of an earlier run of the server in this directory must not be taken for this one's.
  for (const name of readdirSync(dir)) if (name.endsWith('.ports')) rmSync(join(dir, name), { force: true });
  const ports = ['-a', '127.0.0.1', '-p', port, '-m', '-1', '--ports_file_dir', dir];
  const args = [...(configFile ? ['-c', configFile] : []), '-js', '-sd', join(dir, 'js'), ...ports];
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let failed: Error | undefined;
  child.once(
    'error',
    (err) =>
      (failed = new Error(`cannot run ${bin} (install nats-server or set NATS_SERVER_BIN)`, { cause: err })),
  );
  child.once('exit', (code) => (failed ??= new Error(`nats-server exited with code ${code}: ${stderr}`)));
  const stop = async (): Promise<void> => {
    // No pid: the binary never started, so there is nothing to wait for.
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // A JetStream server flushes its store on SIGTERM; don't let a stuck one hang the suite.
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  return { child, ready: waitForPortsFile(dir, () => failed), stop };
}

async function waitForPortsFile(dir: string, failure: () => Error | undefined): Promise<string> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const err = failure();
    if (err) throw err;
    const file = readdirSync(dir).find((name) => name.startsWith('nats-server_') && name.endsWith('.ports'));
    if (file) {
      // The server writes the file in one go, but a read can still race the write: retry on bad JSON.
      try {
        const ports = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nats?: string[] };
        const url = ports.nats?.[0];
        if (url) return url;
      } catch {
        // not complete yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`nats-server did not write its ports file within ${READY_TIMEOUT_MS} ms`);
}
