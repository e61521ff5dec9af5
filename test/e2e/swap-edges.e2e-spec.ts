import { devnetBalance, treasuryLedger } from '@swap/contracts';
import { SwapClient } from '@swap/sdk';
import { Stack } from '@swap/stack';
import { ADDRESSES, SwapDriver } from './support/swap-driver';

/**
 * Real swaps at the edges of section 3: extra deposits on a float swap (rule 1), a payout larger
 * than the service holds (NO_LIQUIDITY, rule 2) and a payment window that ends (EXPIRED). The ETH
 * hot wallet holds only 2 ETH and the payment window is short, so each case happens for real.
 */
describe('real swaps at the edges: extra deposits, NO_LIQUIDITY, EXPIRED', () => {
  const WINDOW_SECONDS = 6;
  let stack: Stack;
  let api: SwapClient;
  let driver: SwapDriver;

  beforeAll(async () => {
    stack = await Stack.start({
      chains: { networks: ['LTC', 'ETH'] },
      devnetEnv: { DEVNET_FUND_ETH: '2' },
      engineEnv: { SWAP_PAYMENT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    });
    const key = await stack.createKey();
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
  });
  afterAll(() => stack?.stop());

  const ltcToEth = (more: { refundAddress?: string } = {}) =>
    api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: ADDRESSES.ETH, ...more });

  it('extra deposits on a float swap are credited with the first, at the rate of the moment they confirm', async () => {
    const created = await ltcToEth();
    const first = await driver.deposit('LTC', created.from.address, '0.6');
    await driver.mine('LTC');
    // The second lands one block later: when the first has its 2 confirmations, it has 1.
    const second = await driver.deposit('LTC', created.from.address, '0.45');
    await driver.mine('LTC');
    const confirming = await driver.reach(created.id, 'CONFIRMING');
    expect(Number(confirming.from.amountDeposited)).toBe(0);

    await driver.mine('LTC');
    const sending = await driver.reach(created.id, 'SENDING');
    expect([first.txid, second.txid]).toContain(sending.from.tx?.id);
    expect(Number(sending.from.amountDeposited)).toBe(1.05);

    await driver.mine('ETH');
    const done = await driver.reach(created.id, 'DONE');
    expect(done.to.amount).toBe(sending.to.amount);
    // 1.05 LTC at the rate applied, less the 0.25 % fee (to the 8 places the amount shows).
    const expected = 1.05 * Number(done.rateActual) * (1 - 0.0025);
    expect(Number(done.to.amount)).toBeCloseTo(expected, 7);
  });

  it('two deposits in the same block are credited together', async () => {
    const created = await ltcToEth();
    await driver.deposit('LTC', created.from.address, '0.7');
    await driver.deposit('LTC', created.from.address, '0.3');
    await driver.mine('LTC', 2);
    const sending = await driver.reach(created.id, 'SENDING');
    expect(Number(sending.from.amountDeposited)).toBe(1);
  });

  it('NO_LIQUIDITY: a deposit whose payout is more than the service holds is refunded, minus 1 %', async () => {
    const created = await ltcToEth({ refundAddress: ADDRESSES.LTC });
    // 200 LTC is worth about 4 ETH; the hot wallet holds 2.
    await driver.deposit('LTC', created.from.address, '200');
    await driver.mine('LTC', 2);
    const refunded = await driver.reach(created.id, 'REFUNDED');
    expect(refunded.issue).toMatchObject({ type: 'NO_LIQUIDITY', needsRefundAddress: false });
    expect(refunded.to.tx).toBeNull();
    expect(refunded.refund).toMatchObject({ address: ADDRESSES.LTC, tx: { amount: '198.00000000' } });
  });

  it('NO_LIQUIDITY without a refund address waits for one', async () => {
    const created = await ltcToEth();
    await driver.deposit('LTC', created.from.address, '200');
    await driver.mine('LTC', 2);
    const waiting = await driver.reach(created.id, 'REFUNDING');
    expect(waiting.issue).toMatchObject({ type: 'NO_LIQUIDITY', needsRefundAddress: true });

    await api.resolve({ id: created.id, choice: 'REFUND', address: ADDRESSES.LTC });
    expect((await driver.reach(created.id, 'REFUNDED')).refund.tx).toMatchObject({ amount: '198.00000000' });
  });

  it('EXPIRED: no deposit within the payment window; a late deposit waits to go back, the swap stays EXPIRED', async () => {
    const created = await ltcToEth();
    expect(created.time.expiration - created.time.reg).toBe(WINDOW_SECONDS);
    const expired = await driver.reach(created.id, 'EXPIRED', api, 20_000);
    expect(expired.from.tx).toBeNull();

    await driver.deposit('LTC', created.from.address, '1');
    await driver.mine('LTC', 2);
    const deposits = await driver.swapctl('swaps', 'deposits', created.id);
    expect(deposits).toMatchObject([
      {
        amount: '100000000',
        confirmations: 2,
        reverted: false,
        credited: false,
        handling: 'RETURNED',
        returned: { state: 'waiting', address: null, amount: '99000000' },
      },
    ]);
    expect(await api.status(created.id)).toMatchObject({
      status: 'EXPIRED',
      returns: [{ status: 'AWAITING_ADDRESS', deposited: '1.00000000', amount: '0.99000000' }],
    });
  });

  it('swapctl swaps return-deposit gives a waiting late deposit its address: sent back less 1 %, once, booked', async () => {
    const created = await ltcToEth();
    await driver.reach(created.id, 'EXPIRED', api, 20_000);
    await driver.deposit('LTC', created.from.address, '2');
    await driver.mine('LTC', 2);
    const [late] = await driver.swapctl('swaps', 'deposits', created.id);
    const balance = async () =>
      BigInt(
        (await stack.call(devnetBalance, { network: 'LTC', address: ADDRESSES.LTC, currency: 'LTC' }))
          .balance,
      );
    const before = await balance();

    // The swap has no refund address: the operator gives one.
    const requested = await driver.swapctl(
      'swaps',
      'return-deposit',
      created.id,
      late.depositId,
      '--address',
      ADDRESSES.LTC,
    );
    expect(requested).toMatchObject({
      returnId: `${created.id}-return-1`,
      state: 'requested',
      deposited: '200000000',
      amount: '198000000',
      address: ADDRESSES.LTC,
    });
    await expect(
      driver.swapctl('swaps', 'return-deposit', created.id, late.depositId, '--address', ADDRESSES.LTC),
    ).rejects.toThrow(/a return of it is under way or done/);

    let returned = requested;
    for (let round = 0; returned.state !== 'confirmed'; round++) {
      if (round > 60) throw new Error(`the return is ${JSON.stringify(returned)}\n${stack.logs()}`);
      await driver.mine('LTC');
      await new Promise((resolve) => setTimeout(resolve, 300));
      returned = (await driver.swapctl('swaps', 'deposits', created.id))[0].returned;
    }
    expect(returned.txid).toBeTruthy();
    expect((await balance()) - before).toBe(198_000_000n);
    expect((await api.status(created.id)).status).toBe('EXPIRED');

    // The treasury books the deposit in the wallet, the refund fee and the return, balanced.
    let ledger = await stack.call(treasuryLedger, { swapId: created.id });
    for (let round = 0; !ledger.entries.some((e) => e.batch.endsWith(':sent')); round++) {
      if (round > 50) throw new Error(`no return in the ledger: ${JSON.stringify(ledger)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      ledger = await stack.call(treasuryLedger, { swapId: created.id });
    }
    expect(new Set(ledger.entries.map((e) => e.batch))).toEqual(
      new Set([
        `late-deposit:${late.depositId}`,
        `return:${returned.returnId}`,
        `return:${returned.returnId}:sent`,
      ]),
    );
    expect(ledger.entries).toContainEqual(
      expect.objectContaining({ account: 'fees:service', currency: 'LTC', amount: '-2000000' }),
    );
    expect(ledger.totals.every((t) => t.amount === '0')).toBe(true);
  });
});
