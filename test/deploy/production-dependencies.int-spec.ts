import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';

// The image runs `npm prune --omit=dev` before it copies node_modules (Dockerfile): a package that
// a service's compiled code can load, at start or on first use, must survive that prune. Followed
// here from every app's dist/…/main.js through the compiled requires (type-only imports are gone,
// lazily loaded SDKs and `import()` are plain `require('…')` calls there), and each package looked
// up in the lock file, where npm marks a package that only development needs with `dev: true`.

const ROOT = resolve(__dirname, '../..');
const REQUIRE = /\brequire\(\s*(['"])([^'"]+)\1\s*\)/g;
/** Block comments and whole-line comments: a `require('…')` shown in a doc comment loads nothing. */
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const BUILTIN = new Set(builtinModules);

interface LockedPackage {
  dev?: boolean;
}

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function ownFile(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.js`, join(base, 'index.js')])
    if (existsSync(candidate) && candidate.endsWith('.js')) return candidate;
  return null;
}

/** Every package the compiled files reachable from `entry` require, with the first file that does. */
function packagesReachableFrom(entry: string, found = new Map<string, string>()): Map<string, string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, , specifier] of readFileSync(file, 'utf8').replace(COMMENTS, '').matchAll(REQUIRE)) {
      if (specifier.startsWith('.')) {
        const next = ownFile(file, specifier);
        if (next === null) throw new Error(`${file} requires ${specifier}, which is not built`);
        queue.push(next);
      } else if (!specifier.startsWith('node:') && !BUILTIN.has(packageOf(specifier))) {
        if (!found.has(packageOf(specifier))) found.set(packageOf(specifier), file);
      }
    }
  }
  return found;
}

describe('production dependencies', () => {
  const apps = readdirSync(join(ROOT, 'apps'));
  let lock: Record<string, LockedPackage>;
  let reachable: Map<string, string>;

  beforeAll(() => {
    execFileSync(process.execPath, [join(ROOT, 'tools/build.js')], { stdio: 'inherit' });
    lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')).packages;
    reachable = new Map();
    for (const app of apps) packagesReachableFrom(join(ROOT, 'dist/apps', app, 'src/main.js'), reachable);
  });

  it('follows the lazily loaded chain SDKs too', () => {
    for (const sdk of [
      'ethers',
      'tronweb',
      'bitcoinjs-lib',
      '@solana/kit',
      'monero-ts',
      'pg',
      '@nestjs/core',
    ])
      expect([...reachable.keys()]).toContain(sdk);
  });

  it('every package a service can load is installed without the dev dependencies', () => {
    const missing = [...reachable]
      .filter(([name]) => lock[`node_modules/${name}`] === undefined || lock[`node_modules/${name}`].dev)
      .map(([name, file]) => `${name} (required by ${file.slice(ROOT.length + 1)})`);
    expect(missing).toEqual([]);
  });
});
