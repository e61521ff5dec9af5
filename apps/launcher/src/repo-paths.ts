import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

// The launcher runs from dist/apps/launcher/src (npm start) or apps/launcher/src (ts tools):
// the repository root is the nearest directory above with a package.json.
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const ROOT = findRoot(__dirname);
export const DATA_DIR = join(ROOT, '.data');
export const appMain = (app: string): string => join(ROOT, 'dist', 'apps', app, 'src', 'main.js');
