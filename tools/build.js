#!/usr/bin/env node
// Compiles every TypeScript source under apps/, libs/ and bench/ into dist/ with SWC (about a
// second for the whole tree), rewriting the @swap/* path aliases into relative requires.
// Skips the work when nothing changed since the last build. Builds are serialised by a lock file:
// test suites running at once (two jest workers) each ask for a build, and one must not empty dist/
// while another writes into it or starts services from it.
const fs = require('fs');
const path = require('path');
const swc = require('@swc/core');
const { setTimeout: sleep } = require('timers/promises');

const root = path.resolve(__dirname, '..');
const out = path.join(root, 'dist');
const stamp = path.join(out, '.build-stamp');
const roots = ['apps', 'libs', 'bench'];

function sources(dir, acc = []) {
  if (!fs.existsSync(dir)) return acc;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // A library's own build output (libs/shared/sdk/dist, the npm package) is not a source.
    if (entry.isDirectory()) {
      if (entry.name !== 'dist') sources(full, acc);
    } else if (/\.ts$/.test(entry.name) && !/\.(spec|int-spec|e2e-spec|d)\.ts$/.test(entry.name))
      acc.push(full);
  }
  return acc;
}

function newestInput(files) {
  const extra = ['.swcrc', 'tsconfig.base.json', 'tools/build.js'].map((f) => path.join(root, f));
  return Math.max(...files.concat(extra).map((f) => fs.statSync(f).mtimeMs));
}

const lock = path.join(root, '.build.lock');
/** A lock older than this was left by a build that died (a build takes seconds). */
const STALE_LOCK_MS = 120_000;

function holderAlive() {
  try {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (Date.now() - fs.statSync(lock).mtimeMs > STALE_LOCK_MS) return false;
    if (!(pid > 0)) return true; // being written
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

async function withLock(work) {
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      if (!holderAlive()) fs.rmSync(lock, { force: true });
      else await sleep(100);
    }
  }
  try {
    await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

async function main() {
  const files = roots.flatMap((r) => sources(path.join(root, r)));
  const force = process.argv.includes('--force');
  const fresh = () => fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= newestInput(files);
  if (!force && fresh()) return;
  // Another build may have finished while this one waited for the lock.
  await withLock(() => (!force && fresh() ? undefined : build(files)));
}

async function build(files) {
  const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));
  delete swcrc.$schema;
  const { paths } = require(path.join(root, 'tsconfig.base.json')).compilerOptions;
  fs.rmSync(out, { recursive: true, force: true });
  await Promise.all(
    files.map(async (file) => {
      const rel = path.relative(root, file);
      const target = path.join(out, rel.replace(/\.ts$/, '.js'));
      const { code, map } = await swc.transformFile(file, {
        ...swcrc,
        swcrc: false,
        filename: file,
        jsc: { ...swcrc.jsc, baseUrl: root, paths },
        sourceFileName: path.relative(path.dirname(target), file),
      });
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
      if (map) fs.writeFileSync(`${target}.map`, map);
    }),
  );
  fs.writeFileSync(stamp, new Date().toISOString());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
