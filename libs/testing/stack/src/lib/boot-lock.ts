import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One lock for the machine: every checkout's suites share the same cores. */
const LOCK = join(tmpdir(), 'instant-swap-stack-boot.lock');
/** Past this a waiting stack boots anyway: a slow boot beside it beats a suite that times out. */
const MAX_WAIT_MS = 90_000;

/**
 * Runs `boot` while no other stack on this machine boots. A stack's fourteen services load their
 * modules at once, which takes both cores for seconds; two stacks booting together (two jest
 * workers) each took twice as long and could starve a service past its start-up wait. Only the
 * boot is serialised: the suites themselves still run side by side.
 */
export async function whileNoOtherStackBoots<T>(
  boot: () => Promise<T>,
  { lock = LOCK, maxWaitMs = MAX_WAIT_MS } = {},
): Promise<T> {
  const held = await acquire(lock, maxWaitMs);
  try {
    return await boot();
  } finally {
    if (held) rmSync(lock, { force: true });
  }
}

async function acquire(lock: string, maxWaitMs: number): Promise<boolean> {
  const giveUpAt = Date.now() + maxWaitMs;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (!holderAlive(lock)) rmSync(lock, { force: true });
      else if (Date.now() > giveUpAt) return false;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A lock whose writer has died (a killed jest worker) is free. */
function holderAlive(lock: string): boolean {
  try {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (!(pid > 0)) return true; // being written
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
