import type { AttemptResult } from '@swap/notifier-data';
import { attemptOutcome, DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './retry-schedule';

const failed: AttemptResult = {
  url: 'https://x.test/',
  httpStatus: 500,
  ok: false,
  error: null,
  durationMs: 3,
};
const delivered: AttemptResult = { ...failed, httpStatus: 204, ok: true };
const NOW = 1_000_000;

describe('the retry schedule (D12)', () => {
  it('is D12 schedule: 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, 24 h', () => {
    expect(DEFAULT_RETRY_SCHEDULE).toEqual([10, 30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400]);
  });

  it('delivers on a 2xx', () => {
    expect(attemptOutcome(delivered, 0, DEFAULT_RETRY_SCHEDULE, NOW)).toEqual({ state: 'delivered' });
  });

  it.each(DEFAULT_RETRY_SCHEDULE.map((pause, attempt) => [attempt, pause]))(
    'after failed attempt %i of a round, waits about %i s (±10 %)',
    (attempt, pause) => {
      const at = (random: number) => {
        const outcome = attemptOutcome(failed, attempt, DEFAULT_RETRY_SCHEDULE, NOW, () => random);
        if (outcome.state !== 'pending') throw new Error(`expected a retry, got ${outcome.state}`);
        return (outcome.nextAttemptAt.getTime() - NOW) / 1000;
      };
      expect(at(0)).toBeCloseTo(pause * 0.9, 2);
      expect(at(0.5)).toBeCloseTo(pause, 2);
      expect(at(1)).toBeCloseTo(pause * 1.1, 2);
    },
  );

  it('gives up after the attempt that follows the last pause (11 attempts in all)', () => {
    expect(attemptOutcome(failed, DEFAULT_RETRY_SCHEDULE.length, DEFAULT_RETRY_SCHEDULE, NOW)).toEqual({
      state: 'given_up',
    });
  });

  it('parses a shortened schedule and refuses a bad one', () => {
    expect(parseRetrySchedule('0.5, 1,2')).toEqual([0.5, 1, 2]);
    for (const bad of ['', '1,,2', '1,-2', 'soon', '0'])
      expect(() => parseRetrySchedule(bad)).toThrow(/comma-separated list of positive seconds/);
  });
});
