import type { Clock } from '@swap/domain';

/** A warning or error with the same cause is written at most this often. */
export const REPEAT_WINDOW_MS = 60_000;
/** Causes remembered at most; the oldest are forgotten first (a flood of distinct causes stays bounded). */
const MAX_CAUSES = 2_000;

interface Cause {
  writtenAt: number;
  /** Lines with this cause dropped since the last one written. */
  dropped: number;
}

/**
 * Decides which warnings and errors are written: the first line of a cause, then at most one per
 * `windowMs`, carrying how many were dropped in between. A cause is the line's level, message and
 * its text fields (a transfer id, a network, an error's message), not its numbers (attempts,
 * delays, heights), so "sent again in 4000 ms" and "in 8000 ms" are one cause, two transfers two.
 *
 * pino has no rate limiting of its own (its hooks are where one goes), and the call sites are many:
 * this is the one place that holds every service to "no warning repeated more than once a minute".
 */
export class RepeatGate {
  private readonly causes = new Map<string, Cause>();

  constructor(
    private readonly windowMs = REPEAT_WINDOW_MS,
    private readonly clock: Clock = Date.now,
  ) {}

  /** Null: drop the line. Else write it, with the number of lines of its cause dropped before it. */
  pass(cause: string): number | null {
    const now = this.clock();
    const known = this.causes.get(cause);
    if (known && now - known.writtenAt < this.windowMs) {
      known.dropped++;
      return null;
    }
    const dropped = known?.dropped ?? 0;
    this.causes.delete(cause);
    this.causes.set(cause, { writtenAt: now, dropped: 0 });
    if (this.causes.size > MAX_CAUSES) this.causes.delete(this.causes.keys().next().value as string);
    return dropped;
  }
}

/** The cause of a log line: its level, message and text fields (an error by its name and message). */
export function causeOf(level: number, message: unknown, fields: Record<string, unknown>): string {
  const parts = [String(level), String(message ?? '')];
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' || typeof value === 'boolean') parts.push(`${key}=${String(value)}`);
    else if (value instanceof Error) parts.push(`${key}=${value.name}: ${value.message}`);
  }
  return parts.join('\u0000');
}
