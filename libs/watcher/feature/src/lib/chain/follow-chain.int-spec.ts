import { ENGINE_INBOX_STREAM, engineInputId } from '@swap/contracts';
import { DAY_MS, T0, WatcherHarness } from '../../test/watcher-harness';

// LTC: 2 confirmations required, so counting up to the requirement takes two blocks.
describe('following the chain (LTC)', () => {
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

  it('publishes a mempool deposit with 0 confirmations, and persists it', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher();
    await watcher.poll();
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 150_000_000n });

    expect(await watcher.poll()).toBe(true);

    const depositId = `LTC:${tx.txid}:0`;
    const published = await h.published();
    expect(published).toEqual([
      {
        kind: 'deposit',
        swapId: swap.id,
        network: 'LTC',
        currency: 'LTC',
        address: swap.depositAddress,
        depositId,
        txid: tx.txid,
        index: 0,
        amount: '150000000',
        confirmations: 0,
        blockHeight: null,
        blockHash: null,
        reverted: false,
        minedDeposits: 0,
        observedAt: T0 * 1000,
      },
    ]);
    expect(await h.deposit(depositId)).toMatchObject({
      state: 'mempool',
      amount: 150_000_000n,
      seenAt: T0 * 1000,
      confirmations: 0,
      publishedId: engineInputId(published[0]),
      settled: false,
    });
  });

  it('publishes each confirmation count up to the requirement and no further', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher();
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    await watcher.poll();
    h.chain.mine();
    const minedAt = h.chain.height;
    await watcher.poll();
    await watcher.poll();
    h.chain.mine();
    await watcher.poll();
    h.chain.mine(3);
    await watcher.poll();
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} 1`, `${tx.txid} 2`]);
    const [, first, second] = await h.published();
    expect(first).toMatchObject({ blockHeight: minedAt, blockHash: `ltc-${minedAt}-f0` });
    expect(second).toMatchObject({ blockHeight: minedAt, blockHash: `ltc-${minedAt}-f0` });
    expect(await h.deposit(`LTC:${tx.txid}:0`)).toMatchObject({ state: 'block', settled: true });
  });

  it('tells a deposit just mined before another to the same address reaches its threshold', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher();
    const first = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    h.chain.mine();
    await watcher.poll();
    const second = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 2n });
    h.chain.mine();
    await watcher.poll();

    // The engine credits the first only with every deposit already in a block, the second included.
    expect(await h.told()).toEqual([`${first.txid} 1`, `${second.txid} 1`, `${first.txid} 2`]);
    expect((await h.published()).map((message) => message.minedDeposits)).toEqual([1, 2, 2]);
  });

  it('counts the deposits to the address in a block when several reach the threshold at once', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher();
    h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 2n });
    h.chain.mine(2);
    await watcher.poll();

    expect((await h.published()).map((m) => [m.confirmations, m.minedDeposits])).toEqual([
      [2, 2],
      [2, 2],
    ]);
  });

  it('resumes from its cursor after a restart and publishes nothing twice', async () => {
    const swap = await h.swap();
    // Start depth 0: a watcher that did not resume from its cursor would start at the tip.
    const first = await h.watcher({ startDepth: 0 });
    const early = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    await first.poll();
    h.chain.mine();
    await first.poll();
    h.clock.advance(1000);
    const waiting = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 2n });
    await first.poll();
    await first.stop();

    // A new process over the same database, with nothing new on the chain: nothing to tell.
    const second = await h.watcher({ startDepth: 0 });
    await second.poll();
    expect(await h.told()).toEqual([`${early.txid} 0`, `${early.txid} 1`, `${waiting.txid} 0`]);

    // Then a block with the waiting deposit and another one, and two more blocks.
    h.clock.advance(1000);
    const late = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 3n });
    h.chain.mine(3);
    await second.poll();
    await second.poll();

    expect(await h.told()).toEqual([
      `${early.txid} 0`,
      `${early.txid} 1`,
      `${waiting.txid} 0`,
      `${early.txid} 2`,
      // Found in a block below the tip: counted from there, capped at the requirement.
      `${waiting.txid} 2`,
      `${late.txid} 2`,
    ]);
  });

  it('records a deposit state as told only once JetStream acknowledged it', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher();
    await watcher.poll();
    // The stream refuses every message for a while.
    const jsm = await h.bus.manager();
    await jsm.streams.update(ENGINE_INBOX_STREAM.name, { max_msg_size: 1 });
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });

    await expect(watcher.poll()).rejects.toThrow(/message size/);
    expect(await h.deposit(`LTC:${tx.txid}:0`)).toMatchObject({ state: 'mempool', publishedId: null });

    await jsm.streams.update(ENGINE_INBOX_STREAM.name, { max_msg_size: -1 });
    await watcher.poll();
    expect((await h.published()).map((m) => m.txid)).toEqual([tx.txid]);
  });

  it('reports a deposit evicted from the mempool as reverted after WATCHER_VANISH_BLOCKS blocks', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher({ vanishBlocks: 3 });
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    await watcher.poll();
    h.chain.evict(tx.txid);
    await watcher.poll();
    h.chain.mine(2);
    await watcher.poll();
    expect(await h.told()).toEqual([`${tx.txid} 0`]);

    h.chain.mine();
    await watcher.poll();
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} reverted`]);
    expect((await h.published())[1]).toMatchObject({ reverted: true, blockHash: null, confirmations: 0 });
  });

  it('keeps a deposit that leaves the mempool because it was mined', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher({ vanishBlocks: 1 });
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    await watcher.poll();
    h.chain.mine(2);
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} 2`]);
  });

  it("still reports a deposit to an expired swap's address within the retention", async () => {
    const swap = await h.swap();
    await h.swap({ ...swap, status: 'EXPIRED', version: swap.version + 1 });
    h.clock.advance(29 * DAY_MS);
    const watcher = await h.watcher({ retentionDays: 30 });
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    await watcher.poll();

    expect(await h.published()).toEqual([expect.objectContaining({ swapId: swap.id, txid: tx.txid })]);
  });

  it("stops watching an ended swap's address after the retention, but never forgets a deposit seen", async () => {
    const swap = await h.swap();
    await h.swap({ ...swap, status: 'EXPIRED', version: swap.version + 1 });
    const watcher = await h.watcher({ retentionDays: 30 });
    const seen = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    await watcher.poll();

    h.clock.advance(31 * DAY_MS);
    const unseen = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 2n });
    h.chain.mine();
    await watcher.poll();

    expect(await h.told()).toEqual([`${seen.txid} 0`, `${seen.txid} 1`]);
    expect(await h.deposit(`LTC:${unseen.txid}:0`)).toBeNull();
  });

  it('starts a new watcher WATCHER_START_DEPTH blocks below the tip', async () => {
    const swap = await h.swap();
    const old = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    h.chain.mine(5);
    const recent = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 2n });
    h.chain.mine(2);
    const watcher = await h.watcher({ startDepth: 2 });
    await watcher.poll();

    expect(await h.told()).toEqual([`${recent.txid} 2`]);
    expect(await h.deposit(`LTC:${old.txid}:0`)).toBeNull();
  });

  it('processes a long way behind the tip in bounded polls, then the mempool', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher({ startDepth: 0, blocksPerPoll: 5 });
    await watcher.poll();
    h.chain.mine(8);
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    await watcher.poll();
    expect(await h.told()).toEqual([]);

    await watcher.poll();
    expect(await h.told()).toEqual([`${tx.txid} 0`]);
  });

  it('waits for the watch list to catch up with the swap events before following', async () => {
    let caughtUp = false;
    const watcher = await h.watcher({ watchListCaughtUp: async () => caughtUp });
    expect(await watcher.poll()).toBe(false);
    const swap = await h.swap();
    h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    h.chain.mine();
    caughtUp = true;

    expect(await watcher.poll()).toBe(true);
    expect(await h.told()).toHaveLength(1);
  });
});
