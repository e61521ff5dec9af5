import type { SwapSnapshot } from '@swap/contracts';
import { useHarness, swapAt, type TreasuryProcess } from '../../test/treasury-harness';

describe('sweeps', () => {
  const h = useHarness();
  let treasury: TreasuryProcess;
  const ID = 'SwEeP00001';

  beforeEach(() => {
    treasury = h().start();
  });

  const credited = (overrides: Partial<SwapSnapshot>) =>
    swapAt({ id: ID, status: 'EXCHANGING', amountDeposited: '1000000', depositIndex: 7, ...overrides });
  const sweep = async (swap: SwapSnapshot) => {
    await treasury.planSweeps.onSwapUpdated(swap);
    await treasury.dispatcher.drain(
      swap.from === 'USDTTRC' ? 'TRX' : swap.from === 'USDTERC' ? 'ETH' : 'SOL',
    );
  };

  it('sweeps a coin deposit once, from its own key to the hot wallet, less the fee', async () => {
    const sol = treasury.chains.chain('SOL');
    sol.fee = 5000n;
    sol.setBalance('sol-7', 'SOL', 2_000_000_000n);
    const swap = credited({ from: 'SOL', depositAddress: 'sol-7' });

    await sweep(swap);
    await sweep({ ...swap, status: 'SENDING' });
    await sweep({ ...swap, status: 'DONE' });

    expect(sol.signs).toEqual([
      { order: { currency: 'SOL', to: 'sol-0', amount: 2_000_000_000n - 5000n }, from: 'sol-7', index: 7 },
    ]);
    expect(await treasury.transfers.get(`sweep:${ID}`)).toMatchObject({ kind: 'sweep', state: 'BROADCAST' });
    // A sweep pays from the deposit address: the hot wallet has promised nothing.
    expect(await treasury.transfers.reservations()).toEqual(new Map());
  });

  it('sends gas first for a token deposit, and sweeps the token once the gas has confirmed', async () => {
    const trx = treasury.chains.chain('TRX');
    trx.fee = 30_000_000n;
    trx.setBalance('trx-7', 'USDTTRC', 250_000_000n);
    const swap = credited({ from: 'USDTTRC', depositAddress: 'trx-7' });

    await sweep(swap);
    await treasury.planSweeps.resumeTokenSweeps(); // gas not confirmed yet: nothing to do
    expect(trx.signs).toEqual([
      { order: { currency: 'TRX', to: 'trx-7', amount: 30_000_000n }, from: 'trx-0', index: 0 },
    ]);
    expect(await treasury.transfers.reservations()).toEqual(new Map([['TRX', 60_000_000n]]));

    const gas = await treasury.transfers.get(`gas:${ID}`);
    trx.confirm(gas.signed?.txid ?? '', 1);
    await treasury.tracker.poll();
    await treasury.planSweeps.resumeTokenSweeps();
    await treasury.planSweeps.resumeTokenSweeps();
    await treasury.dispatcher.drain('TRX');

    expect(trx.signs.slice(1)).toEqual([
      { order: { currency: 'USDTTRC', to: 'trx-0', amount: 250_000_000n }, from: 'trx-7', index: 7 },
    ]);
    expect(await treasury.transfers.reservations()).toEqual(new Map());
  });

  it.each([
    ['a BTC deposit (the wallet spends it where it is)', { from: 'BTC' as const, depositAddress: 'btc-7' }],
    ['a dry run', { from: 'SOL' as const, depositAddress: 'sol-7', dryrun: true }],
    [
      'a deposit still confirming',
      { from: 'SOL' as const, depositAddress: 'sol-7', status: 'CONFIRMING' as const },
    ],
    [
      'an address that is not our key at its index',
      { from: 'SOL' as const, depositAddress: 'somebody-else' },
    ],
  ])('sweeps nothing for %s', async (_, overrides) => {
    treasury.chains.chain('SOL').setBalance('sol-7', 'SOL', 2_000_000_000n);

    await treasury.planSweeps.onSwapUpdated(credited(overrides));

    expect(await treasury.transfers.find(`sweep:${ID}`)).toBeNull();
  });
});
