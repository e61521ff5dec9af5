import { depositAddress } from '@swap/chain-keys';
import { WatcherHarness } from '../../test/watcher-harness';

// ETH carries the native coin and USDT (ERC-20): the currency of a transfer matters.
describe('what counts as a deposit (ETH)', () => {
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

  it("counts only the swap's currency, from anyone, the treasury's hot wallet included", async () => {
    // An EIP-55 address, as the engine derives it; nodes report addresses in lower case.
    const address = depositAddress('ETH', h.accountPublic, 7);
    const swap = await h.swap({ from: 'USDTERC', depositAddress: address });
    const to = address.toLowerCase();
    const hotWallet = h.hotWallet.toLowerCase();
    const watcher = await h.watcher();
    await watcher.poll();

    h.chain.send({ to, currency: 'ETH', amount: 10n ** 15n, from: [hotWallet] }); // gas top-up for a sweep
    h.chain.send({ to, currency: 'ETH', amount: 10n ** 16n }); // the wrong coin
    const deposit = h.chain.send({ to, currency: 'USDTERC', amount: 50_000_000n, index: 3 });
    // Another swap's payout, to this swap's address: an integrator chaining two swaps.
    const chained = h.chain.send({ to, currency: 'USDTERC', amount: 5_000_000n, from: [hotWallet] });
    h.chain.mine();
    await watcher.poll();

    expect(await h.published()).toEqual([
      expect.objectContaining({
        swapId: swap.id,
        currency: 'USDTERC',
        address,
        depositId: `ETH:${deposit.txid}:3`,
        amount: '50000000',
        confirmations: 1,
      }),
      expect.objectContaining({ swapId: swap.id, depositId: `ETH:${chained.txid}:0`, amount: '5000000' }),
    ]);
    expect(await h.deposit(`ETH:${deposit.txid}:3`)).toMatchObject({ requiredConfirmations: 12 });
  });

  it('publishes USDT (ERC-20) confirmations up to its own requirement of 12', async () => {
    const swap = await h.swap({ from: 'USDTERC', depositAddress: depositAddress('ETH', h.accountPublic, 8) });
    const watcher = await h.watcher();
    const tx = h.chain.send({ to: swap.depositAddress, currency: 'USDTERC', amount: 1n });
    h.chain.mine();
    await watcher.poll();
    h.chain.mine(10);
    await watcher.poll();
    h.chain.mine();
    await watcher.poll();
    h.chain.mine();
    await watcher.poll();

    expect(await h.told()).toEqual([`${tx.txid} 1`, `${tx.txid} 11`, `${tx.txid} 12`]);
  });
});
