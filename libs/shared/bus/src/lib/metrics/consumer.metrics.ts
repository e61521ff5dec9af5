import type { Registry } from 'prom-client';
import { cachedReading, scrapeGauge, type Sample } from '@swap/service-kit';
import type { Bus } from '../bus';

type Labels = 'stream' | 'consumer';

/** Consumer info is a JetStream request per durable: scrapes within this share one round. */
const MAX_AGE_MS = 5_000;

/**
 * The backlog of every durable consumer this process pulls from, as the server counts it:
 * messages not yet delivered (num_pending) and delivered but not yet acknowledged
 * (num_ack_pending). Read at scrape time; a durable whose info cannot be read is left out.
 */
export function registerConsumerMetrics(bus: Bus, registry: Registry): void {
  const read = cachedReading(async () => {
    const jsm = await bus.manager();
    const infos = await Promise.allSettled(
      bus.consumers().map(async ({ stream, durable }) => ({
        labels: { stream, consumer: durable },
        info: await jsm.consumers.info(stream, durable),
      })),
    );
    return infos.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  }, MAX_AGE_MS);
  const gauge = (name: string, help: string, value: (info: ConsumerCounts) => number) =>
    scrapeGauge<Labels>(registry, {
      name,
      help,
      labelNames: ['stream', 'consumer'],
      read: async (): Promise<Sample<Labels>[]> =>
        (await read()).map(({ labels, info }) => ({ labels, value: value(info) })),
    });
  gauge(
    'swap_bus_consumer_pending',
    'Messages of a JetStream durable consumer not yet delivered to this service (num_pending)',
    (info) => info.num_pending,
  );
  gauge(
    'swap_bus_consumer_ack_pending',
    'Messages delivered to a JetStream durable consumer and not yet acknowledged (num_ack_pending)',
    (info) => info.num_ack_pending,
  );
}

interface ConsumerCounts {
  num_pending: number;
  num_ack_pending: number;
}
