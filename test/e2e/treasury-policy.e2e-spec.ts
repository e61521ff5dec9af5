import { Wallet } from 'ethers';
import { devnetBalance } from '@swap/contracts';
import { CURRENCIES, toUnits, type CurrencyCode, type Network } from '@swap/domain';
import type { SwapClient, SwapOrder } from '@swap/sdk';
import { Stack } from '@swap/stack';
import { Scrape } from './support/metrics-scrape';
import { ADDRESSES, SwapDriver } from './support/swap-driver';
import { waitFor } from './support/wait-for';

interface ListedTransfer {
  id: string;
  kind: string;
  swapId: string | null;
  state: string;
  txid: string | null;
  failure: string | null;
  holdReason?: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ALL_STATES = ['PLANNED', 'HELD', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED'];

/**
 * The payout policy and the kill switch (issue 32) on the devnet, driven with swapctl as an
 * operator would: with a low limit on ETH, a payout above it is held (the swap waits in
 * EXCHANGING), approved, then paid exactly once, even approved twice around a treasury crash; a
 * rejected one ends FAILED with the operator's reason; a freeze stops a payout mid-run, across a
 * restart, shows in /readyz and the metrics, and unfreeze resumes it.
 */
describe('payout limits and the freeze, end to end', () => {
  let stack: Stack;
  let api: SwapClient;
  let driver: SwapDriver;

  beforeAll(async () => {
    stack = await Stack.start({
      chains: { networks: ['BTC', 'LTC', 'ETH'] },
      // 0.01 BTC buys about 0.2 ETH at the devnet's prices: above 0.05 ETH, every such payout is held.
      treasuryEnv: { TREASURY_MAX_ETH_PER_TRANSFER: '0.05', TREASURY_SEND_RETRY_SECONDS: '0.5' },
    });
    const key = await stack.createKey();
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
  }, 180_000);
  afterAll(() => stack?.stop());

  const treasury = () => stack.service('treasury');

  /** Every transfer of the swap the treasury lists, whatever its state. */
  async function transfersOf(swapId: string): Promise<ListedTransfer[]> {
    const states = ALL_STATES.flatMap((state) => ['--state', state]);
    const listed: ListedTransfer[] = await driver.swapctl(
      'treasury',
      'transfers',
      ...states,
      '--limit',
      '1000',
    );
    return listed.filter((t) => t.swapId === swapId);
  }

  /** The swap's payout once `swapctl treasury transfers --held` lists it. */
  async function heldPayoutOf(swapId: string): Promise<ListedTransfer> {
    let found: ListedTransfer | undefined;
    await waitFor(async () => {
      const held: ListedTransfer[] = await driver.swapctl('treasury', 'transfers', '--held');
      found = held.find((t) => t.swapId === swapId && t.kind === 'payout');
      return found !== undefined;
    }, `the held payout of ${swapId}`);
    return found as ListedTransfer;
  }

  /** A BTC deposit for `to`, confirmed: the swap is EXCHANGING, its payout planned. */
  async function exchanging(to: CurrencyCode, toAddress: string): Promise<SwapOrder> {
    const created = await api.create({ from: 'BTC', to, amount: '0.01', toAddress });
    await driver.deposit('BTC', created.from.address, '0.01');
    await driver.reach(created.id, 'PENDING');
    await driver.mine('BTC', CURRENCIES.BTC.reqConfirmations);
    return driver.reach(created.id, 'EXCHANGING');
  }

  const received = async (network: Network, currency: CurrencyCode, address: string) =>
    BigInt((await stack.call(devnetBalance, { network, currency, address })).balance);

  /** The same swap status for `ms`: nothing moved it on meanwhile. */
  async function staysIn(id: string, status: string, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      expect((await api.status(id)).status).toBe(status);
      await sleep(500);
    }
  }

  it('holds a payout above the limit until approved with swapctl, then pays it exactly once', async () => {
    const user = Wallet.createRandom().address;
    const order = await exchanging('ETH', user);

    const held = await heldPayoutOf(order.id);
    expect(held.holdReason).toMatch(/ ETH is above the limit per transfer \(0\.05 ETH\)$/);
    // The integrator sees the swap waiting, no new status; nothing was signed.
    await staysIn(order.id, 'EXCHANGING', 3_000);
    expect(held).toMatchObject({ state: 'HELD', txid: null });
    expect(await received('ETH', 'ETH', user)).toBe(0n);

    const approved = await driver.swapctl('treasury', 'approve', held.id);
    expect(approved).toMatchObject({ id: held.id, holdReason: held.holdReason });
    // A crash right after the approval, and the operator approving again: still one payment.
    await treasury().kill();
    await treasury().start();
    const again = await driver.swapctl('treasury', 'approve', held.id);
    expect(again.id).toBe(held.id);

    await driver.reach(order.id, 'SENDING');
    await driver.mine('ETH');
    const done = await driver.reach(order.id, 'DONE');
    expect(await received('ETH', 'ETH', user)).toBe(toUnits(done.to.amount, CURRENCIES.ETH.chainDecimals));
    const payouts = (await transfersOf(order.id)).filter((t) => t.kind === 'payout');
    expect(payouts).toEqual([expect.objectContaining({ id: held.id, txid: done.to.tx?.id })]);
    expect(await driver.swapctl('treasury', 'approve', held.id)).toMatchObject({ state: payouts[0].state });
  }, 180_000);

  it('a rejected payout ends FAILED with the reason, never signed', async () => {
    const user = Wallet.createRandom().address;
    const order = await exchanging('ETH', user);
    const held = await heldPayoutOf(order.id);

    const reason = 'the address is on a sanctions list';
    const rejected = await driver.swapctl('treasury', 'reject', held.id, '--reason', reason);
    expect(rejected).toMatchObject({
      id: held.id,
      state: 'FAILED',
      failure: `rejected by an operator: ${reason}`,
    });

    const failed = await driver.reach(order.id, 'FAILED');
    expect(failed.issue.reason).toContain(`rejected by an operator: ${reason}`);
    expect(failed.to.tx).toBeNull();
    await driver.mine('ETH');
    expect(await received('ETH', 'ETH', user)).toBe(0n);
    expect(await transfersOf(order.id)).toEqual([
      expect.objectContaining({ id: held.id, state: 'FAILED', txid: null }),
    ]);
    await expect(driver.swapctl('treasury', 'approve', held.id)).rejects.toThrow(
      /not held: nothing to approve/,
    );
  }, 180_000);

  it('a freeze stops a payout mid-run, across a restart, and unfreeze resumes it', async () => {
    const created = await api.create({ from: 'BTC', to: 'LTC', amount: '0.01', toAddress: ADDRESSES.LTC });
    await driver.deposit('BTC', created.from.address, '0.01');
    await driver.reach(created.id, 'PENDING');

    const frozen = await driver.swapctl('treasury', 'freeze', '--reason', 'e2e drill');
    expect(frozen).toEqual([expect.objectContaining({ scope: 'all', reason: 'e2e drill' })]);
    await driver.mine('BTC', CURRENCIES.BTC.reqConfirmations);
    await driver.reach(created.id, 'EXCHANGING');
    await waitFor(
      async () => (await transfersOf(created.id)).some((t) => t.kind === 'payout'),
      `the payout of ${created.id} planned`,
    );
    await staysIn(created.id, 'EXCHANGING', 3_000);
    expect(await transfersOf(created.id)).toEqual([
      expect.objectContaining({ kind: 'payout', state: 'PLANNED' }),
    ]);

    // Shown where operators look: /readyz names the freeze, the metric and its alert are on.
    const readyz = await fetch(`${treasury().url}/readyz`);
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toMatchObject({
      reasons: { signing: expect.stringMatching(/^signing frozen: all networks since .* \(e2e drill\)/) },
    });
    expect((await Scrape.of(treasury().url)).value('swap_treasury_signing_frozen', { network: 'LTC' })).toBe(
      1,
    );

    // The freeze is in the treasury's schema: a restarted treasury signs nothing either.
    await treasury().kill();
    await treasury().start();
    await staysIn(created.id, 'EXCHANGING', 3_000);
    expect((await fetch(`${treasury().url}/readyz`)).status).toBe(503);

    expect(await driver.swapctl('treasury', 'unfreeze')).toEqual([]);
    await driver.reach(created.id, 'SENDING');
    await driver.mine('LTC');
    await driver.reach(created.id, 'DONE');
    expect((await transfersOf(created.id)).filter((t) => t.kind === 'payout')).toHaveLength(1);
    await waitFor(async () => (await fetch(`${treasury().url}/readyz`)).status === 200, 'the treasury ready');
    await waitFor(
      async () =>
        (await Scrape.of(treasury().url)).value('swap_treasury_signing_frozen', { network: 'LTC' }) === 0,
      'the freeze metric back to 0',
    );
  }, 180_000);
});
