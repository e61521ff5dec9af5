import type { DepositReturnUpdated, SwapSnapshot } from '@swap/contracts';
import { useHarness, swapAt, type TreasuryProcess } from '../../test/treasury-harness';
import { SweepUnderWayError } from './plan-sweeps.use-case';

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
    expect(await treasury.transferReports.reservations()).toEqual(new Map());
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
    expect(await treasury.transferReports.reservations()).toEqual(new Map([['TRX', 60_000_000n]]));

    const gas = await treasury.transfers.get(`gas:${ID}`);
    trx.confirm(gas.signed?.txid ?? '', 1);
    await treasury.tracker.poll();
    await treasury.planSweeps.resumeTokenSweeps();
    await treasury.planSweeps.resumeTokenSweeps();
    await treasury.dispatcher.drain('TRX');

    expect(trx.signs.slice(1)).toEqual([
      { order: { currency: 'USDTTRC', to: 'trx-0', amount: 250_000_000n }, from: 'trx-7', index: 7 },
    ]);
    expect(await treasury.transferReports.reservations()).toEqual(new Map());
  });

  it('follows a landed gas top-up up once, also when nothing is left to sweep', async () => {
    const trx = treasury.chains.chain('TRX');
    trx.setBalance('trx-7', 'USDTTRC', 250_000_000n);
    await sweep(credited({ from: 'USDTTRC', depositAddress: 'trx-7' }));
    const gas = await treasury.transfers.get(`gas:${ID}`);
    // The tokens left the address meanwhile (an operator moved them): nothing to sweep.
    trx.setBalance('trx-7', 'USDTTRC', 0n);
    trx.confirm(gas.signed?.txid ?? '', 1);
    await treasury.tracker.poll();
    // The deposit address's reads (liquidity reads the hot wallet's meanwhile).
    const addressReads = () => trx.balanceReads.filter((read) => read.startsWith('trx-7|'));
    const readsBefore = addressReads().length;

    await treasury.planSweeps.resumeTokenSweeps();
    await treasury.planSweeps.resumeTokenSweeps();

    expect(addressReads().slice(readsBefore)).toEqual(['trx-7|USDTTRC']);
    expect(await treasury.transfers.toFollowUp()).toEqual([]);
    expect(await treasury.transfers.find(`sweep:${ID}`)).toBeNull();
  });

  describe('with energy lent from the staked TRX of the hot wallet (TRX_SWEEP_ENERGY=delegate)', () => {
    const landed = async (id: string) => {
      const trx = treasury.chains.chain('TRX');
      trx.confirm((await treasury.transfers.get(id)).signed?.txid ?? '', 20);
      await treasury.tracker.poll();
      await treasury.planSweeps.resumeTokenSweeps();
      await treasury.dispatcher.drain('TRX');
    };
    let stake: bigint | null;

    beforeEach(() => {
      stake = 7_000_000_000n;
      const trx = treasury.chains.chain('TRX');
      trx.fee = 300_000n;
      trx.energyLending = { activation: 1n, stake: async () => stake };
      trx.setBalance('trx-7', 'USDTTRC', 250_000_000n);
    });

    it('opens the address, lends it energy, sweeps, then takes the energy back; only fees are booked', async () => {
      const trx = treasury.chains.chain('TRX');
      await sweep(credited({ from: 'USDTTRC', depositAddress: 'trx-7' }));
      await landed(`gas:${ID}`);
      // Lending moves no coins: only its fee is reserved.
      expect(await treasury.transferReports.reservations()).toEqual(new Map([['TRX', 300_000n]]));
      await landed(`delegate:${ID}`);
      await landed(`sweep:${ID}`);
      await treasury.planSweeps.resumeTokenSweeps();

      expect(trx.signs.map(({ order, from }) => [from, order])).toEqual([
        ['trx-0', { currency: 'TRX', to: 'trx-7', amount: 1n }],
        ['trx-0', { currency: 'TRX', to: 'trx-7', amount: 7_000_000_000n, action: 'lend-energy' }],
        ['trx-7', { currency: 'USDTTRC', to: 'trx-0', amount: 250_000_000n }],
        ['trx-0', { currency: 'TRX', to: 'trx-7', amount: 7_000_000_000n, action: 'reclaim-energy' }],
      ]);
      const entries = await h().ledger.entriesOfSwap(ID);
      const lendings = entries.filter((e) => /delegate/.test(e.batch));
      expect(lendings.map((e) => [e.account, e.amount])).toEqual([
        ['fees:network', 300_000n],
        ['hot:TRX', -300_000n],
        ['fees:network', 300_000n],
        ['hot:TRX', -300_000n],
      ]);
      expect(await treasury.transfers.toFollowUp()).toEqual([]);
    });

    it('burns TRX after all, topped up, when the hot wallet has too little stake to lend', async () => {
      const trx = treasury.chains.chain('TRX');
      stake = null;
      await sweep(credited({ from: 'USDTTRC', depositAddress: 'trx-7' }));
      await landed(`gas:${ID}`);
      await landed(`gas:${ID}#burn`);
      expect(trx.signs.map(({ order }) => [order.currency, order.amount, order.action])).toEqual([
        ['TRX', 1n, undefined],
        ['TRX', 300_000n, undefined],
        ['USDTTRC', 250_000_000n, undefined],
      ]);
      expect(await treasury.transfers.find(`delegate:${ID}`)).toBeNull();
    });
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

  it("sweeps a deposit paid out on its own once the swap's own sweep has settled", async () => {
    const sol = treasury.chains.chain('SOL');
    sol.fee = 5000n;
    sol.setBalance('sol-7', 'SOL', 2_000_000_000n);
    const swap = credited({ from: 'SOL', depositAddress: 'sol-7' });
    await sweep(swap);
    const further = {
      id: 'SOL:more:0',
      tx: 'more',
      amount: '1000000000',
      time: 1,
      handling: 'PAID' as const,
      payout: {
        id: `${ID}-further-1`,
        rate: '150',
        amountTo: '1',
        feeAmount: '0',
        state: 'REQUESTED' as const,
        tx: null,
      },
    };

    await expect(
      treasury.planSweeps.onSwapUpdated({ ...swap, status: 'SENDING', later: [further] }),
    ).rejects.toThrow(SweepUnderWayError);
    treasury.chains.chain('SOL').confirm((await treasury.transfers.get(`sweep:${ID}`)).signed?.txid ?? '', 1);
    await treasury.tracker.poll();
    sol.setBalance('sol-7', 'SOL', 1_000_000_000n);
    await sweep({ ...swap, status: 'SENDING', later: [further] });
    await sweep({
      ...swap,
      status: 'DONE',
      later: [{ ...further, payout: { ...further.payout, state: 'DONE' as const } }],
    });

    expect(sol.signs.slice(1)).toEqual([
      { order: { currency: 'SOL', to: 'sol-0', amount: 1_000_000_000n - 5000n }, from: 'sol-7', index: 7 },
    ]);
    expect(await treasury.transfers.get(`sweep:${ID}:${ID}-further-1`)).toMatchObject({ kind: 'sweep' });
  });

  describe('a late deposit, once its return has confirmed', () => {
    const RETURN = `${ID}-return-1`;
    const returned = (more: Partial<DepositReturnUpdated>): DepositReturnUpdated => ({
      returnId: RETURN,
      swapId: ID,
      depositId: 'SOL:late:0',
      network: 'SOL',
      currency: 'SOL',
      address: 'user-refund',
      deposited: '1000000000',
      amount: '990000000',
      state: 'confirmed',
      txid: 'return-tx',
      fee: '5000',
      feeCurrency: 'SOL',
      confirmations: 1,
      reason: null,
      requestedAt: 1_700_000_000,
      updatedAt: 1_700_000_100,
      depositAddress: 'sol-7',
      depositIndex: 7,
      ...more,
    });
    const confirmAll = async (network: 'SOL' | 'TRX', ...ids: string[]) => {
      for (const id of ids)
        treasury.chains.chain(network).confirm((await treasury.transfers.get(id)).signed?.txid ?? '', 1);
      await treasury.tracker.poll();
    };

    it("sweeps what is left at the address, after the swap's own sweep has settled", async () => {
      const sol = treasury.chains.chain('SOL');
      sol.fee = 5000n;
      sol.setBalance('sol-7', 'SOL', 2_000_000_000n);
      await sweep(credited({ from: 'SOL', depositAddress: 'sol-7' }));

      // The first sweep is still on its way: the balance read now could be the one it spends.
      await expect(treasury.planSweeps.onDepositReturned(returned({}))).rejects.toThrow(SweepUnderWayError);
      expect(await treasury.transfers.find(`sweep:${ID}:${RETURN}`)).toBeNull();

      await confirmAll('SOL', `sweep:${ID}`);
      sol.setBalance('sol-7', 'SOL', 1_000_000_000n);
      await treasury.planSweeps.onDepositReturned(returned({ state: 'sent' })); // not yet confirmed
      expect(await treasury.transfers.find(`sweep:${ID}:${RETURN}`)).toBeNull();
      await treasury.planSweeps.onDepositReturned(returned({}));
      await treasury.planSweeps.onDepositReturned(returned({})); // a redelivery plans nothing more
      await treasury.dispatcher.drain('SOL');

      expect(sol.signs.slice(1)).toEqual([
        { order: { currency: 'SOL', to: 'sol-0', amount: 1_000_000_000n - 5000n }, from: 'sol-7', index: 7 },
      ]);
    });

    it("sends a token's late deposit its own gas, and sweeps it once that gas has confirmed", async () => {
      const trx = treasury.chains.chain('TRX');
      trx.fee = 30_000_000n;
      trx.setBalance('trx-7', 'USDTTRC', 250_000_000n);
      await sweep(credited({ from: 'USDTTRC', depositAddress: 'trx-7' }));
      await confirmAll('TRX', `gas:${ID}`);
      await treasury.planSweeps.resumeTokenSweeps();
      await treasury.dispatcher.drain('TRX');
      await confirmAll('TRX', `sweep:${ID}`);

      trx.setBalance('trx-7', 'USDTTRC', 40_000_000n);
      const late = returned({
        network: 'TRX',
        currency: 'USDTTRC',
        depositAddress: 'trx-7',
        feeCurrency: 'TRX',
      });
      await treasury.planSweeps.onDepositReturned(late);
      await treasury.dispatcher.drain('TRX');
      await confirmAll('TRX', `gas:${ID}:${RETURN}`);
      await treasury.planSweeps.resumeTokenSweeps();
      await treasury.dispatcher.drain('TRX');

      expect(trx.signs.slice(2)).toEqual([
        { order: { currency: 'TRX', to: 'trx-7', amount: 30_000_000n }, from: 'trx-0', index: 0 },
        { order: { currency: 'USDTTRC', to: 'trx-0', amount: 40_000_000n }, from: 'trx-7', index: 7 },
      ]);
      expect(await treasury.transfers.get(`sweep:${ID}:${RETURN}`)).toMatchObject({ kind: 'sweep' });
    });
  });
});
