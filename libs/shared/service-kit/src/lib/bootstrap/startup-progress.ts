import { performance } from 'node:perf_hooks';

/** One finished step of a service's start-up, in ms since the process started. */
export interface StartupStep {
  step: string;
  atMs: number;
}

/** What a service tells the process that spawned it over IPC (the test harness, the launcher). */
export interface StartupMessage {
  startup: StartupStep;
}

/**
 * Where a service's start-up stands: each step is marked as it finishes (modules loaded, bus
 * connected, schema migrated, nodes checked, listening). A parent that spawned the service with an
 * IPC channel hears each step at once, so it can wait as long as the start-up keeps moving and say
 * where it stood if it stops; the service logs the whole list once it listens.
 */
export class StartupProgress {
  private readonly done: StartupStep[] = [];

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly tell: (message: StartupMessage) => void = tellParent,
  ) {}

  mark(step: string): void {
    const entry = { step, atMs: Math.round(this.now()) };
    this.done.push(entry);
    this.tell({ startup: entry });
  }

  /** Each step's own duration (since the one before it, the first since the process started). */
  durations(): Record<string, number> {
    let previous = 0;
    const durations: Record<string, number> = {};
    for (const { step, atMs } of this.done) {
      durations[step] = (durations[step] ?? 0) + atMs - previous;
      previous = atMs;
    }
    return durations;
  }
}

/** The process-wide progress: libraries that run inside the start-up (bus, database, nodes) mark it. */
export const startupProgress = new StartupProgress();

/** True for a message a service sent with StartupProgress. */
export function isStartupMessage(message: unknown): message is StartupMessage {
  const step = (message as Partial<StartupMessage> | null)?.startup;
  return typeof step?.step === 'string' && typeof step.atMs === 'number';
}

/** Set by a parent that spawned the service with an IPC channel and listens for its steps. */
export const STARTUP_IPC_ENV = 'STARTUP_PROGRESS_IPC';

function tellParent(message: StartupMessage): void {
  // Only a parent that asked: a jest worker, say, has an IPC channel that is not for us.
  if (process.env[STARTUP_IPC_ENV] !== 'true' || !process.send || !process.connected) return;
  // The channel must not keep a service alive on its own, nor fail it when the parent has gone.
  process.channel?.unref();
  process.send(message, undefined, {}, () => undefined);
}
