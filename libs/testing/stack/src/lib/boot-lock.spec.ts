import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { whileNoOtherStackBoots } from './boot-lock';

describe('whileNoOtherStackBoots', () => {
  let dir: string;
  let lock: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'boot-lock-'));
    lock = join(dir, 'boot.lock');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const boot = (events: string[], name: string, ms: number) => async () => {
    events.push(`${name} starts`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    events.push(`${name} ready`);
    return name;
  };

  it('boots one stack at a time, and frees the lock when a boot fails', async () => {
    const events: string[] = [];
    const failing = whileNoOtherStackBoots(
      async () => {
        await boot(events, 'a', 150)();
        throw new Error('a service did not start');
      },
      { lock },
    );
    const next = whileNoOtherStackBoots(boot(events, 'b', 10), { lock });
    await expect(failing).rejects.toThrow('a service did not start');
    await expect(next).resolves.toBe('b');
    expect(events).toEqual(['a starts', 'a ready', 'b starts', 'b ready']);
  });

  it('takes over a lock whose holder has died', async () => {
    writeFileSync(lock, '2147483646'); // no such process
    const started = Date.now();
    await expect(whileNoOtherStackBoots(async () => 'booted', { lock })).resolves.toBe('booted');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('boots anyway after the longest wait, rather than let a suite time out', async () => {
    writeFileSync(lock, String(process.pid)); // held by a boot that never ends
    const started = Date.now();
    await expect(whileNoOtherStackBoots(async () => 'booted', { lock, maxWaitMs: 300 })).resolves.toBe(
      'booted',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});
