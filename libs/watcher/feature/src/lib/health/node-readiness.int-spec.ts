import { Registry } from 'prom-client';
import { WatcherHarness } from '../../test/watcher-harness';
import { WatcherMetrics } from '../metrics/watcher.metrics';
import { nodeReadiness, nodeSilenceLimitMs } from './node-readiness';

const POLL_MS = 10_000;
const LIMIT_MS = nodeSilenceLimitMs(POLL_MS);

describe('watcher readiness: its node (LTC)', () => {
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

  it('allows three polls or 30 s, whichever is longer', () => {
    expect(nodeSilenceLimitMs(1_000)).toBe(30_000);
    expect(nodeSilenceLimitMs(20_000)).toBe(60_000);
  });

  it('turns the follower not ready once its node stayed silent past the limit, and ready when it answers', async () => {
    const follower = new WatcherMetrics(new Registry(), 'LTC', h.clock.now);
    const standby = new WatcherMetrics(new Registry(), 'LTC', h.clock.now);
    const a = await h.watcher({ owner: 'replica-a', progress: follower });
    const b = await h.watcher({ owner: 'replica-b', progress: standby });
    const ready = (metrics: WatcherMetrics) =>
      nodeReadiness('LTC', metrics.nodeContact(), h.clock.now(), LIMIT_MS);

    expect(await a.poll()).toBe(true);
    expect(await b.poll()).toBe(false);
    const answeredAt = new Date(h.clock.now()).toISOString();
    expect(ready(follower)).toBe(true);

    const failPoll = async () => {
      h.clock.advance(POLL_MS);
      h.chain.whenTipRead(async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:19332')));
      await expect(a.poll()).rejects.toThrow('ECONNREFUSED');
      await b.poll();
    };
    // Silent for 20 s of a 30 s limit: a short outage, still ready.
    for (let i = 0; i < 3; i++) await failPoll();
    expect(ready(follower)).toBe(true);

    await failPoll();
    expect(ready(follower)).toEqual({
      ready: false,
      reason: `the LTC node has not answered since ${answeredAt} (4 polls in a row failed)`,
    });
    // The standby never asks the node: it can take over, so it is ready.
    expect(ready(standby)).toBe(true);

    h.clock.advance(POLL_MS);
    expect(await a.poll()).toBe(true);
    expect(ready(follower)).toBe(true);
  });

  it('says when a node never answered the follower, and forgets it all on losing the lease', async () => {
    const metrics = new WatcherMetrics(new Registry(), 'LTC', h.clock.now);
    const a = await h.watcher({ owner: 'replica-a', progress: metrics });
    const firstFailure = new Date(h.clock.now()).toISOString();
    for (let i = 0; i < 4; i++) {
      h.chain.whenTipRead(async () => Promise.reject(new Error('timeout')));
      await expect(a.poll()).rejects.toThrow('timeout');
      h.clock.advance(POLL_MS);
    }
    expect(nodeReadiness('LTC', metrics.nodeContact(), h.clock.now(), LIMIT_MS)).toEqual({
      ready: false,
      reason: `the LTC node has not answered yet (4 polls in a row failed since ${firstFailure})`,
    });

    metrics.following(false);
    expect(nodeReadiness('LTC', metrics.nodeContact(), h.clock.now(), LIMIT_MS)).toBe(true);
  });

  it('sees the node down while late addresses wait for a rescan, which would read it first', async () => {
    const metrics = new WatcherMetrics(new Registry(), 'LTC', h.clock.now);
    const a = await h.watcher({ progress: metrics });
    await a.poll();
    const swap = h.snapshot();
    h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    h.chain.mine();
    await a.poll();
    await h.learn(swap);

    const down = async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:19332'));
    h.chain.whenTipRead(down);
    h.chain.whenBlockRead(down);
    await expect(a.poll()).rejects.toThrow('ECONNREFUSED');
    expect(metrics.nodeContact()).toMatchObject({ failingSince: h.clock.now(), failures: 1 });
  });
});
