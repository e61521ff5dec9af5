import { Counter, Histogram, type Registry } from 'prom-client';
import type { AttemptOutcome, AttemptResult, EventRepository } from '@swap/notifier-data';
import { cachedReading, scrapeGauge } from '@swap/service-kit';
import type { Clock } from '@swap/domain';

const MAX_AGE_MS = 5_000;

/**
 * What an operator watches of the webhooks: attempts by result, how long receivers take, and the
 * backlog (events not yet delivered nor given up, and the age of the oldest: a receiver down for
 * hours shows as a growing age, not as a swap delay).
 */
export function registerNotifierMetrics(
  registry: Registry,
  events: Pick<EventRepository, 'backlog'>,
  clock: Clock = Date.now,
): (result: AttemptResult, outcome: AttemptOutcome) => void {
  const attempts = new Counter({
    name: 'swap_webhook_attempts_total',
    help: 'Webhook delivery attempts by result: delivered, retry (failed, tried again later), given_up',
    labelNames: ['result'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'swap_webhook_attempt_duration_seconds',
    help: 'How long a receiver took to answer a webhook attempt (or the timeout)',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const read = cachedReading(() => events.backlog(), MAX_AGE_MS, clock);
  scrapeGauge(registry, {
    name: 'swap_webhook_pending',
    help: 'Webhook events not yet delivered nor given up',
    read: async () => [{ labels: {}, value: (await read()).pending }],
  });
  scrapeGauge(registry, {
    name: 'swap_webhook_oldest_pending_age_seconds',
    help: 'Seconds since the oldest webhook event not yet delivered nor given up was recorded (0: none)',
    read: async () => {
      const { oldestAt } = await read();
      return [{ labels: {}, value: oldestAt ? Math.max(0, (clock() - oldestAt.getTime()) / 1000) : 0 }];
    },
  });
  scrapeGauge(registry, {
    name: 'swap_webhook_oldest_overdue_seconds',
    help: 'Seconds the oldest webhook event that could be sent now has waited for a dispatcher (0: none)',
    read: async () => {
      const { overdueSince } = await read();
      return [
        { labels: {}, value: overdueSince ? Math.max(0, (clock() - overdueSince.getTime()) / 1000) : 0 },
      ];
    },
  });
  return (result, outcome) => {
    attempts.inc({ result: outcome.state === 'pending' ? 'retry' : outcome.state });
    duration.observe(result.durationMs / 1000);
  };
}
