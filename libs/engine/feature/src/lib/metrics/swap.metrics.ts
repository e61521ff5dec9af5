import type { Registry } from 'prom-client';
import { SWAP_STATUSES, type Clock } from '@swap/domain';
import { cachedReading, scrapeGauge } from '@swap/service-kit';

/** What the gauges read from the engine's schema at scrape time. */
export interface EngineCounts {
  /** Real swaps per status (dry-runs left out). */
  swapsByStatus(): Promise<Map<string, number>>;
  /** Outbox rows neither published nor set aside, and when the oldest of them was written. */
  outboxPending(): Promise<{ count: number; oldestAt: Date | null }>;
}

/** Counting every swap is a scan of an index: scrapes within this share one count. */
const MAX_AGE_MS = 10_000;

/**
 * swap_swaps{status} and the outbox's backlog, read from the database when Prometheus scrapes
 * (every status listed, 0 included, so a status's series never vanishes).
 */
export function registerSwapMetrics(registry: Registry, counts: EngineCounts, clock: Clock = Date.now): void {
  const swaps = cachedReading(() => counts.swapsByStatus(), MAX_AGE_MS, clock);
  const outbox = cachedReading(() => counts.outboxPending(), MAX_AGE_MS / 2, clock);
  scrapeGauge(registry, {
    name: 'swap_swaps',
    help: 'Real swaps (dry-runs left out) in each status',
    labelNames: ['status'],
    read: async () => {
      const byStatus = await swaps();
      return SWAP_STATUSES.map((status) => ({ labels: { status }, value: byStatus.get(status) ?? 0 }));
    },
  });
  scrapeGauge(registry, {
    name: 'swap_outbox_pending',
    help: 'Outbox messages committed and not yet published to JetStream (undeliverable ones set aside excluded)',
    read: async () => [{ labels: {}, value: (await outbox()).count }],
  });
  scrapeGauge(registry, {
    name: 'swap_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox message not yet published (0 when none is pending)',
    read: async () => {
      const { oldestAt } = await outbox();
      return [{ labels: {}, value: oldestAt ? Math.max(0, (clock() - oldestAt.getTime()) / 1000) : 0 }];
    },
  });
}
