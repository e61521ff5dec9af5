import { WatcherHarness } from '../../test/watcher-harness';

// LTC (2 confirmations). VANISH_BLOCKS is high: a replaced deposit is gone at once, not after it.
describe('replaced and double-spent deposits (LTC)', () => {
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

  it('a fee bump (RBF) reverts the first transaction at once, naming its replacement, which is followed', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher({ vanishBlocks: 100 });
    const first = h.chain.send({
      to: swap.depositAddress,
      currency: 'LTC',
      amount: 100_000n,
      spends: ['c0:1'],
    });
    await watcher.poll();
    const bumped = h.chain.replace(first, { to: swap.depositAddress, currency: 'LTC', amount: 99_000n });
    await watcher.poll();

    expect(await h.told()).toEqual([`${first.txid} 0`, `${first.txid} reverted`, `${bumped.txid} 0`]);
    expect((await h.published())[1]).toMatchObject({ reverted: true, replacedBy: bumped.txid });
    expect(await h.deposit(`LTC:${first.txid}:0`)).toMatchObject({
      state: 'reverted',
      replacedBy: bumped.txid,
      spends: ['c0:1'],
    });

    h.chain.mine(2);
    await watcher.poll();
    expect(await h.told()).toEqual([
      `${first.txid} 0`,
      `${first.txid} reverted`,
      `${bumped.txid} 0`,
      `${bumped.txid} 2`,
    ]);
  });

  it('a double spend mined in a block reverts the deposit with that block, though it paid elsewhere', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher({ vanishBlocks: 100 });
    const deposit = h.chain.send({
      to: swap.depositAddress,
      currency: 'LTC',
      amount: 5n,
      spends: ['c1:0', 'c2:3'],
    });
    await watcher.poll();
    // A miner took the other spend of coin c2:3; the node never showed it in its mempool.
    h.chain.evict(deposit.txid);
    const thief = h.chain.send({ to: 'ltc1qsomeoneelse', currency: 'LTC', amount: 5n, spends: ['c2:3'] });
    h.chain.mine();
    await watcher.poll();

    expect(await h.told()).toEqual([`${deposit.txid} 0`, `${deposit.txid} reverted`]);
    expect(await h.deposit(`LTC:${deposit.txid}:0`)).toMatchObject({
      state: 'reverted',
      replacedBy: thief.txid,
    });
  });

  it('a transaction spending other coins replaces nothing: the deposit waits out VANISH_BLOCKS as before', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher({ vanishBlocks: 100 });
    const deposit = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 5n, spends: ['c1:0'] });
    await watcher.poll();
    h.chain.evict(deposit.txid);
    h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 7n, spends: ['c9:0'] });
    h.chain.mine();
    await watcher.poll();

    expect(await h.deposit(`LTC:${deposit.txid}:0`)).toMatchObject({ state: 'mempool', replacedBy: null });
  });

  it('a replaced deposit that comes back (its replacement reorganised away) waits again, no longer replaced, and its replacement is the one gone', async () => {
    const swap = await h.swap();
    const watcher = await h.watcher({ vanishBlocks: 100 });
    const first = h.chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 5n, spends: ['c3:0'] });
    await watcher.poll();
    const bumped = h.chain.replace(first, { to: swap.depositAddress, currency: 'LTC', amount: 4n });
    await watcher.poll();
    // The replacement is dropped and the first is broadcast again.
    h.chain.evict(bumped.txid);
    h.chain.send({ ...first, spends: first.spends });
    await watcher.poll();

    expect(await h.deposit(`LTC:${first.txid}:0`)).toMatchObject({ state: 'mempool', replacedBy: null });
    expect(await h.deposit(`LTC:${bumped.txid}:0`)).toMatchObject({
      state: 'reverted',
      replacedBy: first.txid,
    });
    expect((await h.told()).slice(-2).sort()).toEqual([`${first.txid} 0`, `${bumped.txid} reverted`]);
  });
});
