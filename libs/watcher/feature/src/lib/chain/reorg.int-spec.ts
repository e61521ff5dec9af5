import { WatcherHarness } from '../../test/watcher-harness';

// LTC: 2 confirmations required.
describe('reorganisations (LTC)', () => {
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

  /** A deposit seen in the mempool and then mined: told 0, then 1 confirmation. */
  async function minedDeposit() {
    const swap = await h.swap();
    const watcher = await h.watcher();
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    await watcher.poll();
    h.chain.mine();
    await watcher.poll();
    return { watcher, tx };
  }

  it('waits for a node that answers from behind the processed blocks, undoing nothing', async () => {
    const { watcher, tx } = await minedDeposit();
    h.chain.mine();
    await watcher.poll();
    h.chain.lagBehind(2);
    await watcher.poll();
    await watcher.poll();

    expect(await h.deposit(`LTC:${tx.txid}:0`)).toMatchObject({ state: 'block' });
    expect(h.logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'the node is behind the blocks already processed; waiting for it',
      }),
    );
    h.chain.lagBehind(0);
    h.chain.mine();
    await watcher.poll();
    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} 1`, `${tx.txid} 2`]);
  });

  it('undoes nothing, once a poll, when the node names a tip its own blocks do not show', async () => {
    const { watcher, tx } = await minedDeposit();
    h.chain.misreportTip('ltc-elsewhere');
    for (let i = 0; i < 5; i++) await watcher.poll();

    expect(await h.deposit(`LTC:${tx.txid}:0`)).toMatchObject({ state: 'block' });
    const messages = h.logger.entries.map((entry) => entry.message);
    expect(messages).not.toContain('reorganisation: orphaned blocks forgotten');
    expect(
      messages.filter(
        (m) => m === "the node's tip and its blocks disagree; nothing undone, reading it again next poll",
      ),
    ).toHaveLength(5);
    h.chain.misreportTip(null);
    h.chain.mine();
    await watcher.poll();
    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} 1`, `${tx.txid} 2`]);
  });

  it('re-counts a deposit that a reorganisation moved to another block', async () => {
    const { watcher, tx } = await minedDeposit();
    h.chain.reorg(1);
    await watcher.poll();
    h.chain.mine();
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} 1`, `${tx.txid} 1`, `${tx.txid} 2`]);
    const [, before, after] = await h.published();
    expect(after.blockHash).not.toEqual(before.blockHash);
    expect(after).toMatchObject({
      blockHeight: h.chain.height - 1,
      blockHash: `ltc-${h.chain.height - 1}-f1`,
    });
    expect(h.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'reorganisation: orphaned blocks forgotten' }),
    );
  });

  it('reports a deposit that a reorganisation removed as reverted', async () => {
    const { watcher, tx } = await minedDeposit();
    h.chain.reorg(1, { drop: [tx.txid] });
    await watcher.poll();
    h.chain.mine();
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} 1`, `${tx.txid} reverted`]);
    expect(await h.deposit(`LTC:${tx.txid}:0`)).toMatchObject({ state: 'reverted', settled: true });
  });

  it('reports a deposit that a reorganisation sent back to the mempool with 0 confirmations', async () => {
    const { watcher, tx } = await minedDeposit();
    h.chain.reorg(1, { toMempool: [tx.txid] });
    await watcher.poll();
    h.chain.mine();
    await watcher.poll();

    // A return to a state told before is a new report round, so the engine hears of it too.
    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} 1`, `${tx.txid} 0`, `${tx.txid} 1`]);
    expect(await h.deposit(`LTC:${tx.txid}:0`)).toMatchObject({
      state: 'block',
      blockHeight: h.chain.height,
    });
  });

  it('notices a competing block at the height of its cursor', async () => {
    const { watcher, tx } = await minedDeposit();
    h.chain.reorg(1, { grow: 0 });
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} 1`, `${tx.txid} 1`]);
    expect((await h.published())[2].blockHash).toEqual(`ltc-${h.chain.height}-f1`);
  });

  it('re-checks a confirmed deposit whose block is orphaned while still kept', async () => {
    const { watcher, tx } = await minedDeposit();
    h.chain.mine(3);
    await watcher.poll();
    h.chain.reorg(4, { drop: [tx.txid] });
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 0`, `${tx.txid} 1`, `${tx.txid} 2`, `${tx.txid} reverted`]);
  });

  it('leaves deposits below the blocks it keeps alone, and says so', async () => {
    const swap = await h.swap();
    // LTC keeps 2 + 1 block hashes with a margin of 1, and none for their age.
    const watcher = await h.watcher({ reorgMargin: 1, lateWindowMs: 0, startDepth: 0 });
    await watcher.poll();
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 1n });
    for (let block = 0; block < 5; block++) {
      h.chain.mine();
      h.clock.advance(1);
      await watcher.poll();
    }
    h.chain.reorg(5, { drop: [tx.txid] });
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 1`, `${tx.txid} 2`]);
    expect(h.logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: expect.stringMatching(/deeper than the blocks kept/),
      }),
    );
  });
});
