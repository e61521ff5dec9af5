import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { say } from './say';

const POLL_MS = 100;

/**
 * A server an earlier `npm start` left running when it did not stop cleanly (killed with SIGKILL,
 * a closed terminal): found by the pid in `pidFile` and stopped with `signal` (then SIGKILL after
 * `graceMs`), but only while its command line still names `marker` (its own data directory), so
 * a pid the system has since given to another process is never touched. The pid file is removed
 * either way: what it named is gone.
 */
export async function stopStale(
  name: string,
  pidFile: string,
  marker: string,
  signal: NodeJS.Signals,
  graceMs = 15_000,
): Promise<void> {
  const pid = pidIn(pidFile);
  if (pid === null) return;
  if (alive(pid) && commandOf(pid).includes(marker)) {
    say(`stopping the ${name} (pid ${pid}) an earlier run left behind`);
    signalPid(pid, signal);
    const deadline = Date.now() + graceMs;
    while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (alive(pid)) signalPid(pid, 'SIGKILL');
    while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  rmSync(pidFile, { force: true });
}

/** The first line of a pid file (PostgreSQL's postmaster.pid starts with it too), or null. */
function pidIn(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]?.trim());
  return Number.isInteger(pid) && pid > 1 ? pid : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, someone else's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `ps` rather than /proc, which macOS lacks. Empty for a process that is gone (or a zombie). */
function commandOf(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return '';
  }
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone meanwhile.
  }
}
