import type { AttemptOutcome, AttemptResult } from '@swap/notifier-data';

/** D12: the pauses after each failed attempt of a round, in seconds; then the event is given up. */
export const DEFAULT_RETRY_SCHEDULE = [10, 30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400];

/** "10,30,120" (seconds) → [10, 30, 120]; fractions allowed so a test can shorten the schedule. */
export function parseRetrySchedule(text: string): number[] {
  const pauses = text.split(',').map((part) => Number(part.trim()));
  if (pauses.length === 0 || pauses.some((pause) => !Number.isFinite(pause) || pause <= 0))
    throw new Error('a retry schedule is a comma-separated list of positive seconds, e.g. 10,30,120');
  return pauses;
}

/**
 * What an attempt leads to. A 2xx is a delivery; anything else waits the next pause of the
 * schedule ("about": ±10 % so that a receiver back from an outage is not hit by every event at
 * once), and after the last pause's attempt the event is given up. `roundAttempts` counts this
 * round's attempts before this one (a redelivery starts a new round).
 */
export function attemptOutcome(
  result: AttemptResult,
  roundAttempts: number,
  schedule: readonly number[],
  now: number,
  random: () => number = Math.random,
): AttemptOutcome {
  if (result.ok) return { state: 'delivered' };
  const pause = schedule[roundAttempts];
  if (pause === undefined) return { state: 'given_up' };
  const jittered = pause * (0.9 + 0.2 * random());
  return { state: 'pending', nextAttemptAt: new Date(now + Math.round(jittered * 1000)) };
}
