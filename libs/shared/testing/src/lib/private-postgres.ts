import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initTrustCluster, spawnPostgres, waitUntilAccepting } from '@swap/embedded-postgres';
import { freePort } from './free-port';

/** A PostgreSQL cluster of the caller's own, which it may stop and start again (restart tests). */
export interface PrivatePostgres {
  /** The superuser on its `postgres` database (for createTestDatabase). */
  adminUrl: string;
  /** The server's process; a new one after each start(). */
  readonly pid: number | undefined;
  /** A fast shutdown (open transactions rolled back, every connection dropped); the data stays. */
  stop(): Promise<void>;
  /** The same data directory on the same port, once it takes connections again. */
  start(): Promise<void>;
  /** Stops the server for good and deletes its data. */
  destroy(): Promise<void>;
}

const STOP_GRACE_MS = 15_000;

/**
 * A throwaway cluster from the embedded-postgres binaries (trust auth, loopback only, no Unix
 * socket), so a suite can take PostgreSQL away without touching the shared server other suites use.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-'));
  // As root the server runs as `postgres`, which must be able to enter the directory.
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'data');
  await initTrustCluster(dataDir);
  const port = await freePort();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  let tail = '';

  const running = () => !!child && child.exitCode === null && child.signalCode === null;
  const start = async () => {
    if (running()) return;
    const server = spawnPostgres({ dataDir, port });
    child = server;
    const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000));
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    try {
      await waitUntilAccepting(adminUrl, () => server.exitCode === null && server.signalCode === null);
    } catch (err) {
      throw new Error(`private PostgreSQL did not start: ${(err as Error).message}\n${tail}`);
    }
  };
  const stop = async () => {
    const server = child;
    if (!server || !running()) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    const timer = setTimeout(() => server.kill('SIGQUIT'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  const handle: PrivatePostgres = {
    adminUrl,
    get pid() {
      return child?.pid;
    },
    stop,
    start,
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await start();
  } catch (err) {
    await handle.destroy();
    throw err;
  }
  return handle;
}
