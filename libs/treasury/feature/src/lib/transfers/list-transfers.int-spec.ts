import { FakeChains } from '../../test/fake-chain';
import { useHarness, payoutCommand, RETRY } from '../../test/treasury-harness';

describe('ListTransfers (swapctl treasury transfers)', () => {
  const h = useHarness();

  it('lists the unsettled transfers oldest first, a refused one with its attempts and next try', async () => {
    const chains = new FakeChains();
    const treasury = h().start({ chains });
    chains.chain('BTC').broadcastMode = 'unreachable';
    await treasury.planPayout.execute(payoutCommand({ payoutId: 'eth-1' }));
    await treasury.dispatcher.drain('ETH');
    await treasury.planPayout.execute(
      payoutCommand({
        payoutId: 'btc-1',
        network: 'BTC',
        currency: 'BTC',
        address: 'bc1qcustomer',
        amount: '5000',
      }),
    );
    await treasury.dispatcher.drain('BTC');

    const listed = await treasury.listTransfers.execute({});

    expect(listed.map((t) => [t.id, t.state, t.attempts])).toEqual([
      ['eth-1', 'BROADCAST', 0],
      ['btc-1', 'SIGNED', 1],
    ]);
    const [eth, btc] = listed;
    expect(eth).toMatchObject({ kind: 'payout', swapId: 'AbCdEfGhIj', amount: '1500000000000000000' });
    expect(eth.txid).not.toBeNull();
    // The node could not be reached: signed, postponed, tried again after the backoff.
    expect(btc.nextAttemptAt).toBeGreaterThanOrEqual(h().clock.ms + RETRY.initialMs);
    expect(btc.createdAt).toBeLessThanOrEqual(btc.updatedAt);
  });

  it('filters by state and network, and stops at the limit', async () => {
    const treasury = h().start();
    for (const payoutId of ['a', 'b', 'c']) {
      await treasury.planPayout.execute(payoutCommand({ payoutId }));
    }
    await treasury.dispatcher.drain('ETH');

    expect(await treasury.listTransfers.execute({ states: ['FAILED'] })).toEqual([]);
    expect(await treasury.listTransfers.execute({ network: 'BTC' })).toEqual([]);
    const limited = await treasury.listTransfers.execute({ states: ['BROADCAST'], network: 'ETH', limit: 2 });
    expect(limited.map((t) => t.id)).toEqual(['a', 'b']);
  });
});
