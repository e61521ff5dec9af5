import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { devnetDeposit, devnetMine, devnetReorg } from '@swap/contracts';
import { CURRENCIES, CurrencyCode, NETWORKS, Network, SwapStatus } from '@swap/domain';
import { SwapClient, SwapOrder } from '@swap/sdk';
import { repoRoot, Stack, TestKey } from '@swap/stack';

const run = promisify(execFile);

/** A valid destination for each currency (mainnet formats, D8). */
const ADDRESSES: Record<CurrencyCode, string> = {
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  LTC: 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
  XMR: '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
  TRX: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  SOL: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  AVAX: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  USDTTRC: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  USDTERC: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
};

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

  beforeAll(async () => {
    stack = await Stack.start({ chains: { networks: NETWORKS } });
    key = await stack.createKey({ fixedRateEnabled: true });
    api = stack.client(key);
    await stack.pricesReady(key);
  });
  afterAll(() => stack?.stop());

  const rpc = async <T>(
    reply: Promise<{ ok: true; data: T } | { ok: false; error: { message: string } }>,
  ) => {
    const result = await reply;
    if (!result.ok) throw new Error(result.error.message);
    return result.data;
  };
  const deposit = (currency: CurrencyCode, address: string, amount: string) =>
    rpc(stack.bus.request(devnetDeposit, { currency, address, amount }, { timeoutMs: 5000 }));
  const mine = (network: Network, blocks = 1) =>
    rpc(stack.bus.request(devnetMine, { network, blocks }, { timeoutMs: 5000 }));

  /** swapctl, as an operator runs it, against this stack's bus. */
  const swapctl = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, [join(repoRoot(), 'bin/swapctl.js'), ...args, '--json'], {
      env: { ...process.env, NATS_URL: stack.natsUrl },
    });
    return JSON.parse(stdout);
  };

  /** Polls the status endpoint until the swap is in `status` (or fails with the swap and the logs). */
  async function reach(id: string, status: SwapStatus, client: SwapClient = api): Promise<SwapOrder> {
    const deadline = Date.now() + 30_000;
    let order = await client.status(id);
    while (order.status !== status) {
      if (Date.now() > deadline)
        throw new Error(
          `swap ${id} is ${order.status}, not ${status}: ${JSON.stringify(order)}\n${stack.logs()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 150));
      order = await client.status(id);
    }
    return order;
  }

  const networkOf = (code: CurrencyCode) => CURRENCIES[code].network;

  it.each(HAPPY_PATHS)('float %s → %s: deposit, confirmations, payout, DONE', async (from, to, amount) => {
    const created = await api.create({ from, to, amount, toAddress: ADDRESSES[to] });
    expect(created.status).toBe('NEW');

    const { txid } = await swapctl('devnet', 'deposit', from, created.from.address, amount);
    const pending = await reach(created.id, 'PENDING');
    expect(pending.from.tx).toMatchObject({ id: txid, confirmations: 0 });
    expect(pending.time.start).not.toBeNull();

    await mine(networkOf(from), CURRENCIES[from].reqConfirmations);
    const sending = await reach(created.id, 'SENDING');
    expect(sending.from.tx?.confirmations).toBe(CURRENCIES[from].reqConfirmations);
    expect(sending.to.tx?.id).toBeTruthy();

    await mine(networkOf(to));
    const done = await reach(created.id, 'DONE');
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
    await deposit('BTC', created.from.address, '0.0005');
    await mine('BTC');
    const refunding = await reach(created.id, 'REFUNDED');
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
    await deposit('LTC', created.from.address, paid);
    await mine('LTC', 2);
    return created;
  }

  it('fixed rate within the 0.5 % tolerance executes as quoted', async () => {
    const created = await fixedSwapPaid(api, '1.003');
    await reach(created.id, 'SENDING');
    await mine('ETH');
    const done = await reach(created.id, 'DONE');
    expect(done.to.amount).toBe(created.to.amount);
    expect(done.rateActual).toBe(created.rate);
  });

  it('fixed rate, LESS → RATE_CHANGED → EXCHANGE at the proposed rate → DONE', async () => {
    const created = await fixedSwapPaid(api, '0.9');
    const changed = await reach(created.id, 'RATE_CHANGED');
    expect(changed.issue.type).toBe('LESS');
    expect(changed.proposed).not.toBeNull();

    const exchanging = await api.resolve({ id: created.id, choice: 'EXCHANGE' });
    expect(exchanging.issue.choice).toBe('EXCHANGE');
    expect(exchanging.to.amount).toBe(changed.proposed?.amount);
    await reach(created.id, 'SENDING');
    await mine('ETH');
    await reach(created.id, 'DONE');
  });

  it('fixed rate, MORE → RATE_CHANGED → REFUND to the given address → REFUNDED', async () => {
    const created = await fixedSwapPaid(api, '1.2');
    expect((await reach(created.id, 'RATE_CHANGED')).issue.type).toBe('MORE');

    const refunding = await api.resolve({ id: created.id, choice: 'REFUND', address: ADDRESSES.LTC });
    expect(refunding).toMatchObject({
      status: 'REFUNDING',
      issue: { choice: 'REFUND', needsRefundAddress: false },
    });
    const refunded = await reach(created.id, 'REFUNDED');
    expect(refunded.refund).toMatchObject({ address: ADDRESSES.LTC, tx: { amount: '1.18800000' } });
  });

  it('a key with auto_execute_on_mismatch executes a mismatched fixed swap at the current rate', async () => {
    const auto = stack.client(await stack.createKey({ fixedRateEnabled: true, autoExecuteOnMismatch: true }));
    const created = await fixedSwapPaid(auto, '0.9');
    await reach(created.id, 'SENDING', auto);
    await mine('ETH');
    const done = await reach(created.id, 'DONE', auto);
    expect(done.issue.type).toBeNull();
    expect(done.slippage).not.toBeNull();
  });

  it('BELOW_MINIMUM without a refund address waits for one, then refunds', async () => {
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: ADDRESSES.ETH });
    await deposit('LTC', created.from.address, '0.05');
    await mine('LTC', 2);
    const waiting = await reach(created.id, 'REFUNDING');
    expect(waiting.issue).toMatchObject({ type: 'BELOW_MINIMUM', needsRefundAddress: true });

    await api.resolve({ id: created.id, choice: 'REFUND', address: ADDRESSES.LTC });
    expect((await reach(created.id, 'REFUNDED')).refund.tx).toMatchObject({ amount: '0.04950000' });
  });

  it('a failed payout → FAILED → swapctl swaps retry-payout → DONE', async () => {
    const created = await api.create({ from: 'LTC', to: 'SOL', amount: '1', toAddress: ADDRESSES.SOL });
    await swapctl('devnet', 'fail-payouts', 'SOL', 'on');
    try {
      await deposit('LTC', created.from.address, '1');
      await mine('LTC', 2);
      await reach(created.id, 'SENDING');
      await mine('SOL');
      const failed = await reach(created.id, 'FAILED');
      expect(failed.issue.reason).toBeTruthy();
    } finally {
      await swapctl('devnet', 'fail-payouts', 'SOL', 'off');
    }
    const retried = await swapctl('swaps', 'retry-payout', created.id);
    expect(retried.status).toBe('EXCHANGING');
    await reach(created.id, 'SENDING');
    await mine('SOL');
    expect((await reach(created.id, 'DONE')).to.tx?.id).toBeTruthy();
  });

  it('a reorg that removes an unconfirmed deposit puts the swap back to NEW', async () => {
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: ADDRESSES.ETH });
    const { txid } = await deposit('LTC', created.from.address, '1');
    await mine('LTC', 1);
    await reach(created.id, 'CONFIRMING');

    await rpc(
      stack.bus.request(devnetReorg, { network: 'LTC', depth: 1, drop: [txid] }, { timeoutMs: 5000 }),
    );
    await mine('LTC', 3); // the watcher calls a deposit gone once it stays away for a few blocks
    const back = await reach(created.id, 'NEW');
    expect(back.from.tx).toBeNull();
    expect(back.time.start).toBeNull();
  });

  it('swapctl treasury balances lists every hot wallet with its address and balance', async () => {
    const balances: Array<{ code: string; network: string; address: string; balance: string | null }> =
      await swapctl('treasury', 'balances');
    expect(balances.map((b) => b.code).sort()).toEqual([...Object.keys(ADDRESSES)].sort());
    for (const wallet of balances) expect(wallet.balance).toMatch(/^\d+(\.\d+)?$/);
  });
});
