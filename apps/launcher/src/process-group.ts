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

const orphans = new Map<ChildProcess, NodeJS.Signals>();
let exitHookInstalled = false;

/** If the launcher itself dies unexpectedly, take the detached child down with it. */
export function killOnExit(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  // One exit hook for every child: a listener per child trips Node's leak warning past ten.
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const [orphan, how] of orphans) signalGroup(orphan, how);
    });
  }
  orphans.set(child, signal);
  child.once('exit', () => orphans.delete(child));
}
