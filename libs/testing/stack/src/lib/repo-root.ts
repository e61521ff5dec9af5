import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The workspace root (where nx.json is), found from this file in the sources or in dist/. */
export function repoRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'nx.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no nx.json above ${from}`);
    dir = parent;
  }
  return dir;
}
