import type { ChildProcess } from 'node:child_process';

/**
 * Children run detached, in their own process group, so a Ctrl-C at the terminal reaches only the
 * launcher, which then stops them in order (services, then NATS, then PostgreSQL).
 */
export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid || !isRunning(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Sends `signal`, waits up to graceMs for the exit, then `force`. */
export async function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals,
  graceMs: number,
  force: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, signal);
  const timer = setTimeout(() => signalGroup(child, force), graceMs);
  await exited;
  clearTimeout(timer);
}

/** If the launcher itself dies unexpectedly, take the detached child down with it. */
export function killOnExit(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  const kill = () => signalGroup(child, signal);
  process.on('exit', kill);
  child.once('exit', () => process.removeListener('exit', kill));
}
