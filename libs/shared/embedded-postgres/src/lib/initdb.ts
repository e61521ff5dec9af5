import { execFile } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { postgresBinary, postgresUser, runsAsRoot } from './postgres-binaries';

const run = promisify(execFile);

/**
 * A new cluster in `dataDir` whose `postgres` superuser logs in from 127.0.0.1 without a password:
 * for a throwaway cluster (tests), never one that outlives them. As root the files belong to the
 * `postgres` user, which must exist and be able to walk down to `dataDir`.
 */
export async function initTrustCluster(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const user = runsAsRoot ? postgresUser() : undefined;
  if (user) chownSync(dataDir, user.uid, user.gid);
  const args = [
    `--pgdata=${dataDir}`,
    '--auth=trust',
    '--username=postgres',
    '--no-locale',
    '--encoding=UTF8',
  ];
  await run(postgresBinary('initdb'), args, { ...user, env: { ...process.env, LC_MESSAGES: 'C' } });
}
