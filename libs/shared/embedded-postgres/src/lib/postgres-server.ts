import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { Client } from 'pg';
import { postgresBinary, postgresUser, runsAsRoot } from './postgres-binaries';

export interface PostgresServerOptions {
  dataDir: string;
  port: number;
  /** Its own process group, so a Ctrl-C at the terminal does not reach it first. */
  detached?: boolean;
  stdio?: StdioOptions;
}

/**
 * The server of an initialised cluster, on 127.0.0.1:`port` only. Stop it with SIGINT
 * (PostgreSQL's fast shutdown: open transactions rolled back, a checkpoint, exit).
 */
export function spawnPostgres(options: PostgresServerOptions): ChildProcess {
  const args = ['-D', options.dataDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1'];
  // No Unix socket: it would collide with a system PostgreSQL's socket directory.
  args.push('-c', 'unix_socket_directories=');
  // Thirteen services with pools of up to 10 would exceed the default of 100 connections.
  args.push('-c', 'max_connections=300');
  return spawn(postgresBinary(), args, {
    detached: options.detached ?? false,
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
    ...(runsAsRoot ? postgresUser() : {}),
  });
}

/** Resolves once `url` takes a connection; rejects when `alive` turns false or after `timeoutMs`. */
export async function waitUntilAccepting(
  url: string,
  alive: () => boolean,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error('the server exited');
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
