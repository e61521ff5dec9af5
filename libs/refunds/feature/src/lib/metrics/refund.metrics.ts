import type { Registry } from 'prom-client';
import { NETWORKS, type Network, type Clock } from '@swap/domain';
import { cachedReading, scrapeGauge } from '@swap/service-kit';

/** What the gauges read from the refunds schema at scrape time (RefundRepository.unsettled). */
export interface UnsettledRefunds {
  unsettled(): Promise<Array<{ network: Network; count: number; oldestAt: Date }>>;
}

const MAX_AGE_MS = 5_000;

/**
 * Refunds requested and not yet confirmed on chain (requested, signed or sent), per network, and
 * how long the oldest has waited: a refund stuck on a node or a refusal shows as a growing age.
 * Every network listed, 0 included.
 */
export function registerRefundMetrics(
  registry: Registry,
  refunds: UnsettledRefunds,
  clock: Clock = Date.now,
): void {
  const read = cachedReading(() => refunds.unsettled(), MAX_AGE_MS, clock);
  const perNetwork = async (value: (group: { count: number; oldestAt: Date }) => number) => {
    const groups = await read();
    return NETWORKS.map((network) => {
      const group = groups.find((g) => g.network === network);
      return { labels: { network }, value: group ? value(group) : 0 };
    });
  };
  scrapeGauge(registry, {
    name: 'swap_refunds_unsettled',
    help: 'Refunds requested by the engine and not yet confirmed on chain (REQUESTED, SIGNED or SENT)',
    labelNames: ['network'],
    read: () => perNetwork((group) => group.count),
  });
  scrapeGauge(registry, {
    name: 'swap_refunds_oldest_unsettled_age_seconds',
    help: 'Seconds since the oldest refund not yet confirmed on chain was requested (0: none)',
    labelNames: ['network'],
    read: () => perNetwork((group) => Math.max(0, (clock() - group.oldestAt.getTime()) / 1000)),
  });
}
