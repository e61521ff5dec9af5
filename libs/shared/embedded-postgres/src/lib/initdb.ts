import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { postgresBinary, postgresUser, runsAsRoot } from './postgres-binaries';

const run = promisify(execFile);

/**
 * A new cluster in `dataDir` whose `postgres` superuser logs in from 127.0.0.1 without a password:
 * for a throwaway cluster (tests), never one that outlives them. As root the files belong to the
 * `postgres` user, which must exist and be able to walk down to `dataDir`.
 */
export async function initTrustCluster(dataDir: string): Promise<void> {
  await initdb(dataDir, ['--auth=trust']);
}

/**
 * A new cluster in `dataDir` that asks every role for its password (scram-sha-256 on every
 * pg_hba.conf line), its `postgres` superuser's being `password`: as `npm start`'s is made.
 */
export async function initPasswordCluster(dataDir: string, password: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pwfile-'));
  const file = join(dir, 'password');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  // As root, initdb runs as `postgres`: the file is lent to it, its directory only walked through.
  const user = runsAsRoot ? postgresUser() : undefined;
  if (user) {
    chownSync(file, user.uid, user.gid);
    chmodSync(dir, 0o711);
  }
  try {
    await initdb(dataDir, ['--auth=scram-sha-256', `--pwfile=${file}`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function initdb(dataDir: string, auth: string[]): Promise<void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const user = runsAsRoot ? postgresUser() : undefined;
  if (user) chownSync(dataDir, user.uid, user.gid);
  const args = [`--pgdata=${dataDir}`, ...auth, '--username=postgres', '--no-locale', '--encoding=UTF8'];
  await run(postgresBinary('initdb'), args, { ...user, env: { ...process.env, LC_MESSAGES: 'C' } });
}
