import { statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * As root, the embedded PostgreSQL runs as the `postgres` user, which must walk down every
 * directory above its data directory. Returns the first one it cannot enter (no execute bit for
 * it as owner, group or other, such as a `mktemp -d` directory of mode 700), or null.
 */
export function unreachableAncestor(
  dir: string,
  user: { uid: number; gid: number },
  stat: (path: string) => Pick<Stats, 'mode' | 'uid' | 'gid'> = statSync,
): string | null {
  const ancestors: string[] = [];
  for (let path = resolve(dir); ; path = dirname(path)) {
    ancestors.unshift(path);
    if (dirname(path) === path) break;
  }
  for (const path of ancestors) {
    const { mode, uid, gid } = stat(path);
    const bit = uid === user.uid ? 0o100 : gid === user.gid ? 0o010 : 0o001;
    if ((mode & bit) === 0) return path;
  }
  return null;
}
