import { devnetReorg } from '@swap/contracts';
import { CURRENCIES, CurrencyCode, NETWORKS } from '@swap/domain';
import { SwapClient } from '@swap/sdk';
import { Stack, TestKey } from '@swap/stack';
import { ADDRESSES, SwapDriver } from './support/swap-driver';

/** Every currency is sent once and received once. */
const HAPPY_PATHS: Array<[CurrencyCode, CurrencyCode, string]> = [
  ['BTC', 'ETH', '0.01'],
  ['LTC', 'XMR', '1'],
  ['XMR', 'TRX', '1'],
  ['TRX', 'SOL', '500'],
  ['ETH', 'AVAX', '0.5'],
  ['SOL', 'USDTTRC', '5'],
  ['AVAX', 'USDTERC', '10'],
  ['USDTTRC', 'BTC', '200'],
  ['USDTERC', 'LTC', '200'],
];

describe('real swaps on the devnet, end to end', () => {
  let stack: Stack;
  let key: TestKey;
  let api: SwapClient;
  let driver: SwapDriver;

  beforeAll(async () => {
    stack = await Stack.start({ chains: { networks: NETWORKS } });
    key = await stack.createKey({ fixedRateEnabled: true });
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
  });
  afterAll(() => stack?.stop());

  const networkOf = (code: CurrencyCode) => CURRENCIES[code].network;

  it.each(HAPPY_PATHS)('float %s → %s: deposit, confirmations, payout, DONE', async (from, to, amount) => {
    const created = await api.create({ from, to, amount, toAddress: ADDRESSES[to] });
    expect(created.status).toBe('NEW');

    const { txid } = await driver.swapctl('devnet', 'deposit', from, created.from.address, amount);
    const pending = await driver.reach(created.id, 'PENDING');
    expect(pending.from.tx).toMatchObject({ id: txid, confirmations: 0 });
    expect(pending.time.start).not.toBeNull();

    await driver.mine(networkOf(from), CURRENCIES[from].reqConfirmations);
    const sending = await driver.reach(created.id, 'SENDING');
    expect(sending.from.tx?.confirmations).toBe(CURRENCIES[from].reqConfirmations);
    expect(sending.to.tx?.id).toBeTruthy();

    await driver.mine(networkOf(to));
    const done = await driver.reach(created.id, 'DONE');
    expect(done.rateActual).not.toBeNull();
    expect(done.time.finish).not.toBeNull();
    expect(done.to.tx).toMatchObject({ confirmations: 1 });
    if (to === 'XMR') expect(done.to.tx?.txKey).toMatch(/^[0-9a-f]{64}$/);
    else expect(done.to.tx?.txKey).toBeNull();
  });

  it('BELOW_MINIMUM with a refund address: refunded automatically, minus 1 %', async () => {
    const created = await api.create({
      from: 'BTC',
      to: 'ETH',
      amount: '0.01',
      toAddress: ADDRESSES.ETH,
      refundAddress: ADDRESSES.BTC,
    });
    await driver.deposit('BTC', created.from.address, '0.0005');
    await driver.mine('BTC');
    const refunding = await driver.reach(created.id, 'REFUNDED');
    expect(refunding.issue).toMatchObject({ type: 'BELOW_MINIMUM', needsRefundAddress: false });
    expect(refunding.refund.tx).toMatchObject({ amount: '0.00049500' });
  });

  /** A fixed-rate LTC → ETH swap for 1 LTC, paid with `paid` LTC and confirmed (2 blocks). */
  async function fixedSwapPaid(client: SwapClient, paid: string, refundAddress?: string) {
    const created = await client.create({
      from: 'LTC',
      to: 'ETH',
      amount: '1',
      type: 'fixed',
      toAddress: ADDRESSES.ETH,
      ...(refundAddress ? { refundAddress } : {}),
    });
    await driver.deposit('LTC', created.from.address, paid);
    await driver.mine('LTC', 2);
    return created;
  }

  it('fixed rate within the 0.5 % tolerance executes as quoted', async () => {
    const created = await fixedSwapPaid(api, '1.003');
    await driver.reach(created.id, 'SENDING');
    await driver.mine('ETH');
    const done = await driver.reach(created.id, 'DONE');
    expect(done.to.amount).toBe(created.to.amount);
    expect(done.rateActual).toBe(created.rate);
  });

  it('fixed rate, LESS → RATE_CHANGED → EXCHANGE at the proposed rate → DONE', async () => {
    const created = await fixedSwapPaid(api, '0.9');
    const changed = await driver.reach(created.id, 'RATE_CHANGED');
    expect(changed.issue.type).toBe('LESS');
    expect(changed.proposed).not.toBeNull();

    const exchanging = await api.resolve({ id: created.id, choice: 'EXCHANGE' });
    expect(exchanging.issue.choice).toBe('EXCHANGE');
    expect(exchanging.to.amount).toBe(changed.proposed?.amount);
    await driver.reach(created.id, 'SENDING');
    await driver.mine('ETH');
    await driver.reach(created.id, 'DONE');
  });

  it('fixed rate, MORE → RATE_CHANGED → REFUND to the given address → REFUNDED', async () => {
    const created = await fixedSwapPaid(api, '1.2');
    expect((await driver.reach(created.id, 'RATE_CHANGED')).issue.type).toBe('MORE');

    const refunding = await api.resolve({ id: created.id, choice: 'REFUND', address: ADDRESSES.LTC });
    expect(refunding).toMatchObject({
      status: 'REFUNDING',
      issue: { choice: 'REFUND', needsRefundAddress: false },
    });
    const refunded = await driver.reach(created.id, 'REFUNDED');
    expect(refunded.refund).toMatchObject({ address: ADDRESSES.LTC, tx: { amount: '1.18800000' } });
  });

  it('a key with auto_execute_on_mismatch executes a mismatched fixed swap at the current rate', async () => {
    const auto = stack.client(await stack.createKey({ fixedRateEnabled: true, autoExecuteOnMismatch: true }));
    const created = await fixedSwapPaid(auto, '0.9');
    await driver.reach(created.id, 'SENDING', auto);
    await driver.mine('ETH');
    const done = await driver.reach(created.id, 'DONE', auto);
    expect(done.issue.type).toBeNull();
    expect(done.slippage).not.toBeNull();
  });

  it('BELOW_MINIMUM without a refund address waits for one, then refunds', async () => {
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: ADDRESSES.ETH });
    await driver.deposit('LTC', created.from.address, '0.05');
    await driver.mine('LTC', 2);
    const waiting = await driver.reach(created.id, 'REFUNDING');
    expect(waiting.issue).toMatchObject({ type: 'BELOW_MINIMUM', needsRefundAddress: true });

    await api.resolve({ id: created.id, choice: 'REFUND', address: ADDRESSES.LTC });
    expect((await driver.reach(created.id, 'REFUNDED')).refund.tx).toMatchObject({ amount: '0.04950000' });
  });

  it('a failed payout → FAILED → swapctl swaps retry-payout → DONE', async () => {
    const created = await api.create({ from: 'LTC', to: 'SOL', amount: '1', toAddress: ADDRESSES.SOL });
    await driver.swapctl('devnet', 'fail-payouts', 'SOL', 'on');
    try {
      await driver.deposit('LTC', created.from.address, '1');
      await driver.mine('LTC', 2);
      await driver.reach(created.id, 'SENDING');
      await driver.mine('SOL');
      const failed = await driver.reach(created.id, 'FAILED');
      expect(failed.issue.reason).toBeTruthy();
    } finally {
      await driver.swapctl('devnet', 'fail-payouts', 'SOL', 'off');
    }
    const retried = await driver.swapctl('swaps', 'retry-payout', created.id);
    expect(retried.status).toBe('EXCHANGING');
    await driver.reach(created.id, 'SENDING');
    await driver.mine('SOL');
    expect((await driver.reach(created.id, 'DONE')).to.tx?.id).toBeTruthy();
  });

  it('a reorg that removes an unconfirmed deposit puts the swap back to NEW', async () => {
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: ADDRESSES.ETH });
    const { txid } = await driver.deposit('LTC', created.from.address, '1');
    await driver.mine('LTC', 1);
    await driver.reach(created.id, 'CONFIRMING');

    await stack.call(devnetReorg, { network: 'LTC', depth: 1, drop: [txid] });
    await driver.mine('LTC', 3); // the watcher calls a deposit gone once it stays away for a few blocks
    const back = await driver.reach(created.id, 'NEW');
    expect(back.from.tx).toBeNull();
    expect(back.time.start).toBeNull();
  });

  it('swapctl treasury balances lists every hot wallet with its address and balance', async () => {
    const balances: Array<{ code: string; network: string; address: string; balance: string | null }> =
      await driver.swapctl('treasury', 'balances');
    expect(balances.map((b) => b.code).sort()).toEqual([...Object.keys(ADDRESSES)].sort());
    for (const wallet of balances) expect(wallet.balance).toMatch(/^\d+(\.\d+)?$/);
  });
});
