import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopStale } from './stale-process';

describe('stopStale: servers an unclean stop left behind', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  /** A long-running process whose command line names `marker`, as a server names its data dir. */
  const server = (marker: string) => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', marker], { stdio: 'ignore' });
    children.push(child);
    return child;
  };
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stale-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops the server its pid file names while that server is still ours, and removes the file', async () => {
    const stale = server(join(dir, 'nats'));
    const pidFile = join(dir, 'nats.pid');
    writeFileSync(pidFile, `${stale.pid}\n`);

    await stopStale('nats-server', pidFile, join(dir, 'nats'), 'SIGTERM', 2_000);

    await exited(stale);
    expect(stale.signalCode).toBe('SIGTERM');
    expect(existsSync(pidFile)).toBe(false);
  });

  it('leaves alone a process that took the pid over, and removes the stale file', async () => {
    const other = server('/somewhere/else');
    const pidFile = join(dir, 'postmaster.pid');
    writeFileSync(pidFile, `${other.pid}\n${join(dir, 'postgres')}\n`);

    await stopStale('PostgreSQL', pidFile, join(dir, 'postgres'), 'SIGINT', 2_000);

    expect(other.exitCode).toBeNull();
    expect(other.signalCode).toBeNull();
    expect(existsSync(pidFile)).toBe(false);
  });

  it('does nothing without a pid file', async () => {
    await expect(stopStale('nats-server', join(dir, 'none.pid'), dir, 'SIGTERM')).resolves.toBeUndefined();
  });
});
