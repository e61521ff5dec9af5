import { Registry } from 'prom-client';
import { recordingLogger, swapsStream, swapUpdated, useNatsBus, waitFor } from '../../test/fixtures';
import { registerConsumerMetrics } from './consumer.metrics';

const updated = (swapId: string) => ({ swapId, state: 'NEW' as const, amount: '1' });

/** The samples of one metric, as `{labels} value` keyed by the consumer's name. */
async function samples(registry: Registry, name: string): Promise<Record<string, number>> {
  const metric = registry.getSingleMetric(name);
  const values = (await metric?.get())?.values ?? [];
  return Object.fromEntries(values.map((v) => [String(v.labels['consumer']), v.value]));
}

describe('consumer backlog metrics', () => {
  const nats = useNatsBus({ logger: recordingLogger(), streams: [swapsStream] });

  it("shows each running durable's undelivered and unacknowledged messages, and forgets a stopped one", async () => {
    const registry = new Registry();
    registerConsumerMetrics(nats.bus, registry);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const handle = await nats.bus.consume(swapUpdated, {
      durable: 'backlog',
      filter: 'swap.b.updated',
      maxAckPending: 2,
      concurrency: 2,
      handler: async () => {
        started++;
        await held;
      },
    });
    for (let i = 1; i <= 5; i++)
      await nats.bus.publish(swapUpdated, ['b'], updated('b'), { msgId: `b-${i}` });
    await waitFor(() => started === 2);

    // Read through the registry, as a scrape does (the reading is cached 5 s, so read once).
    const pending = await samples(registry, 'swap_bus_consumer_pending');
    const unacked = await samples(registry, 'swap_bus_consumer_ack_pending');
    expect(pending).toEqual({ backlog: 3 });
    expect(unacked).toEqual({ backlog: 2 });
    const metric = await registry.getSingleMetric('swap_bus_consumer_pending')?.get();
    expect(metric?.values[0].labels).toEqual({ stream: swapsStream.name, consumer: 'backlog' });

    release();
    await handle.stop();
    expect(nats.bus.consumers()).toEqual([]);
  });
});
