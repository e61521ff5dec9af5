import { WatchListRepository } from '@swap/watcher-data';
import { T0, WatcherHarness } from '../../test/watcher-harness';

// ETH: 12 confirmations required, 18 blocks kept by depth (12 + the default reorg margin of 6), and
// any block processed within the last hour (the default late window).
describe('addresses learned after their deposit was mined (ETH)', () => {
  let h: WatcherHarness;

  beforeAll(async () => {
    h = await WatcherHarness.open('ETH');
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  /** A watcher that processed the block of a deposit to a swap whose event has not arrived. */
  async function unheardDeposit() {
    const watcher = await h.watcher();
    await watcher.poll();
    const swap = h.snapshot();
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'ETH', amount: 1n });
    h.chain.mine();
    await watcher.poll();
    return { watcher, swap, tx };
  }

  it('finds the deposit in a block already processed and counts its confirmations from there', async () => {
    const watcher = await h.watcher();
    await watcher.poll();
    const swap = h.snapshot();
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'ETH', amount: 10n ** 17n });
    h.chain.mine();
    const minedAt = h.chain.height;
    await watcher.poll();
    h.chain.mine(3);
    await watcher.poll();
    expect(await h.told()).toEqual([]);

    await h.learn(swap);
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 4`]);
    expect((await h.published())[0]).toMatchObject({
      swapId: swap.id,
      address: swap.depositAddress,
      amount: '100000000000000000',
      blockHeight: minedAt,
      blockHash: `eth-${minedAt}-f0`,
      reverted: false,
    });

    h.chain.mine();
    await watcher.poll();
    await watcher.poll();
    h.chain.mine(20);
    await watcher.poll();

    expect(await h.sent()).toEqual([`${tx.txid} 4`, `${tx.txid} 5`, `${tx.txid} 12`]);
    expect(await h.told()).toEqual([`${tx.txid} 4`, `${tx.txid} 5`, `${tx.txid} 12`]);
    expect(await h.deposit(`ETH:${tx.txid}:0`)).toMatchObject({ state: 'block', settled: true });
  });

  it('looks for the new addresses only, so a deposit already told is not told again', async () => {
    const watcher = await h.watcher();
    await watcher.poll();
    const first = h.snapshot();
    const second = h.snapshot();
    const early = h.chain.send({ to: first.depositAddress, currency: 'ETH', amount: 1n });
    const late = h.chain.send({ to: second.depositAddress, currency: 'ETH', amount: 2n });
    h.chain.mine(3);
    await watcher.poll();

    await h.learn(first);
    await watcher.poll();
    expect(await h.told()).toEqual([`${early.txid} 3`]);

    // The same block read again, for the second address.
    h.chain.mine();
    h.clock.advance(1000);
    await h.learn(second);
    await watcher.poll();
    await watcher.poll();

    expect(await h.sent()).toEqual([`${early.txid} 3`, `${early.txid} 4`, `${late.txid} 4`]);
    expect(await h.told()).toEqual([`${early.txid} 3`, `${early.txid} 4`, `${late.txid} 4`]);
  });

  it('finds a deposit again, unchanged, when its block was processed while the event arrived', async () => {
    const watcher = await h.watcher();
    await watcher.poll();
    const swap = h.snapshot();
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'ETH', amount: 1n });
    h.chain.mine();
    // The event lands mid-poll: after the watcher looked for new addresses, before the new block.
    h.chain.whenBlockRead(() => h.learn(swap));
    await watcher.poll();
    expect(await h.told()).toEqual([`${tx.txid} 1`]);

    h.clock.advance(1000);
    await watcher.poll();
    h.chain.mine();
    await watcher.poll();

    expect(h.logger.entries).toContainEqual(
      expect.objectContaining({
        message: 'deposits of late addresses found',
        details: { network: 'ETH', addresses: 1, deposits: 1 },
      }),
    );
    expect(await h.sent()).toEqual([`${tx.txid} 1`, `${tx.txid} 2`]);
    expect(await h.deposit(`ETH:${tx.txid}:0`)).toMatchObject({ seenAt: T0 * 1000, confirmations: 2 });
  });

  it('leaves a kept block that left the chain to the reorganisation, which finds the deposit anew', async () => {
    const { watcher, swap, tx } = await unheardDeposit();
    h.chain.reorg(1);
    await h.learn(swap);
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 1`]);
    expect((await h.published())[0]).toMatchObject({
      blockHeight: h.chain.height,
      blockHash: `eth-${h.chain.height}-f1`,
    });
  });

  it('finds the deposit of an address learned long after, deeper than the reorganisation margin', async () => {
    const watcher = await h.watcher();
    await watcher.poll();
    const swap = h.snapshot();
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'ETH', amount: 1n });
    h.chain.mine();
    const minedAt = h.chain.height;
    for (let minute = 0; minute < 40; minute++) {
      h.clock.advance(60_000);
      h.chain.mine();
      await watcher.poll();
    }

    // The engine was down for 40 minutes: the event arrives now.
    await h.learn(swap);
    await watcher.poll();

    // 41 confirmations: told as the 12 required.
    expect(await h.told()).toEqual([`${tx.txid} 12`]);
    expect((await h.published())[0]).toMatchObject({ blockHeight: minedAt });
    expect(h.logger.entries.filter((entry) => entry.level === 'warn')).toEqual([]);
  });

  it('reads only the blocks processed since the swap was registered, less the clock skew', async () => {
    const watcher = await h.watcher({ clockSkewMs: 10_000 });
    h.chain.mine(30);
    await watcher.poll();
    h.clock.advance(60_000);
    const swap = h.snapshot({
      time: { reg: T0 + 55, start: null, finish: null, update: T0 + 55, expiration: T0 + 3655 },
    });
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'ETH', amount: 1n });
    h.chain.mine(2);
    await watcher.poll();
    const reads = jest.spyOn(h.chain, 'blockAt');

    await h.learn(swap);
    await watcher.poll();

    // The two blocks processed a minute later, not the 30 before (nor the 18 kept by depth).
    expect(reads.mock.calls.map(([height]) => height)).toEqual([h.chain.height - 1, h.chain.height]);
    expect(await h.told()).toEqual([`${tx.txid} 2`]);
  });

  it('goes on with a long rescan at the next poll, blocksPerPoll blocks at a time', async () => {
    const watcher = await h.watcher({ blocksPerPoll: 5, startDepth: 0 });
    await watcher.poll();
    const swap = h.snapshot();
    h.chain.mine(7);
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'ETH', amount: 1n });
    h.chain.mine(5);
    for (let poll = 0; poll < 3; poll++) await watcher.poll();
    const reads = jest.spyOn(h.chain, 'blockAt');

    await h.learn(swap);
    await watcher.poll();
    expect(reads).toHaveBeenCalledTimes(5);
    expect(await h.told()).toEqual([]);
    await watcher.poll();
    expect(await h.told()).toEqual([`${tx.txid} 5`]);
    await watcher.poll();

    expect(reads).toHaveBeenCalledTimes(13);
    expect(await new WatchListRepository(h.dataSource).awaitingRescan('ETH')).toEqual([]);
  });

  it('cannot find a deposit in a block no longer kept, and says so', async () => {
    const { watcher, swap, tx } = await unheardDeposit();
    h.clock.advance(3_600_001);
    h.chain.mine(18);
    await watcher.poll();

    await h.learn(swap);
    await watcher.poll();

    expect(await h.told()).toEqual([]);
    expect(await h.deposit(`ETH:${tx.txid}:0`)).toBeNull();
    expect(h.logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        details: { network: 'ETH', addresses: 1, registeredAt: T0 * 1000, lowestKept: h.chain.height - 17 },
      }),
    );
  });
});
