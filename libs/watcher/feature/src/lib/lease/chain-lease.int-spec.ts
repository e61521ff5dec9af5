import { WatcherHarness } from '../../test/watcher-harness';

describe('one follower per network (LTC)', () => {
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

  it('lets one replica follow, and a standby take over once the lease expires', async () => {
    const swap = await h.swap();
    const a = await h.watcher({ owner: 'replica-a', leaseMs: 10_000 });
    const b = await h.watcher({ owner: 'replica-b', leaseMs: 10_000 });
    expect(await a.poll()).toBe(true);
    expect(await b.poll()).toBe(false);

    const tx = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    expect(await b.poll()).toBe(false);
    expect(await h.told()).toEqual([]);
    expect(await a.poll()).toBe(true);
    expect(await h.told()).toEqual([`${tx.txid} 0`]);

    // Renewed by every poll: still a's just before its last renewal runs out.
    h.clock.advance(9_999);
    expect(await b.poll()).toBe(false);

    // a stops renewing (hung, or partitioned away).
    h.clock.advance(2);
    h.chain.mine();
    expect(await b.poll()).toBe(true);
    expect(await a.poll()).toBe(false);
    // b went on from a's cursor: nothing told twice.
    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} 1`]);
    // Each change of role is logged once, not every poll: a follows, b stands by, b follows, a stands by.
    const roles = h.logger.entries.filter((e) => /^(following|standing by)/.test(e.message));
    expect(roles.map((e) => e.message.split(':')[0])).toEqual([
      'following the chain',
      'standing by',
      'following the chain',
      'standing by',
    ]);
  });

  it('hands the lease over at once when the follower stops', async () => {
    const a = await h.watcher({ owner: 'replica-a' });
    const b = await h.watcher({ owner: 'replica-b' });
    expect(await a.poll()).toBe(true);
    expect(await b.poll()).toBe(false);

    await a.stop();

    expect(await b.poll()).toBe(true);
    expect(await a.poll()).toBe(false);
  });

  it('lets exactly one of several standbys take an expired lease', async () => {
    const a = await h.watcher({ owner: 'replica-a', leaseMs: 1_000 });
    expect(await a.poll()).toBe(true);
    h.clock.advance(1_001);
    const standbys = await Promise.all(['b', 'c', 'd'].map((n) => h.watcher({ owner: `replica-${n}` })));

    const followed = await Promise.all(standbys.map((standby) => standby.poll()));

    expect(followed.filter(Boolean)).toHaveLength(1);
  });
});
