import { Registry } from 'prom-client';
import { WatcherHarness } from '../../test/watcher-harness';
import { WatcherMetrics } from './watcher.metrics';

/** Each watcher gauge's value for LTC, keyed by the metric's name (absent when not reported). */
async function gauges(registry: Registry): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const metric of await registry.getMetricsAsJSON()) {
    const ltc = metric.values.find((v) => v.labels['network'] === 'LTC');
    if (ltc) seen[metric.name.replace('swap_watcher_', '')] = ltc.value;
  }
  return seen;
}

describe('watcher metrics (LTC)', () => {
  let h: WatcherHarness;

  beforeAll(async () => {
    h = await WatcherHarness.open('LTC');
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  it("reports the follower's tip, cursor, node and last poll; the standby only that it stands by", async () => {
    const follower = new Registry();
    const standby = new Registry();
    const a = await h.watcher({ owner: 'replica-a', progress: new WatcherMetrics(follower, 'LTC') });
    const b = await h.watcher({ owner: 'replica-b', progress: new WatcherMetrics(standby, 'LTC') });
    h.chain.mine(3);
    expect(await a.poll()).toBe(true);
    expect(await b.poll()).toBe(false);

    expect(await gauges(follower)).toEqual({
      following: 1,
      tip_height: h.chain.height,
      processed_height: h.chain.height,
      node_up: 1,
      last_poll_timestamp_seconds: h.clock.now() / 1000,
    });
    expect(await gauges(standby)).toEqual({ following: 0 });
  });

  it('shows the node down when the tip cannot be read, and the lag while the cursor catches up', async () => {
    const registry = new Registry();
    const a = await h.watcher({
      startDepth: 0,
      blocksPerPoll: 2,
      progress: new WatcherMetrics(registry, 'LTC'),
    });
    await a.poll();
    const start = h.chain.height;

    h.chain.mine(5);
    await a.poll();
    expect(await gauges(registry)).toMatchObject({ tip_height: start + 5, processed_height: start + 2 });

    h.chain.whenTipRead(async () => Promise.reject(new Error('connection refused')));
    await expect(a.poll()).rejects.toThrow('connection refused');
    expect(await gauges(registry)).toMatchObject({ node_up: 0, processed_height: start + 2 });

    await a.poll();
    expect(await gauges(registry)).toMatchObject({ node_up: 1, processed_height: start + 4 });
  });
});
