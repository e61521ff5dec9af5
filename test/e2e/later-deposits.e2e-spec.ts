import { randomBytes } from 'node:crypto';
import { payments } from 'bitcoinjs-lib';
import { Wallet } from 'ethers';
import { devnetBalance, type TransferView } from '@swap/contracts';
import { CURRENCIES, toUnits, type CurrencyCode } from '@swap/domain';
import { SwapClient, type SwapOrder } from '@swap/sdk';
import { Stack } from '@swap/stack';
import { ADDRESSES, SwapDriver } from './support/swap-driver';

/** A fresh mainnet-format address (D8) per test, so each balance on the devnet is the test's own. */
const LITECOIN = {
  messagePrefix: '',
  bech32: 'ltc',
  bip32: { public: 0, private: 0 },
  pubKeyHash: 0x30,
  scriptHash: 0x32,
  wif: 0xb0,
};
const ltcAddress = () => payments.p2wpkh({ hash: randomBytes(20), network: LITECOIN }).address as string;
const ethAddress = () => Wallet.createRandom().address;

/**
 * Rule 1 in full on the devnet, blocks mined by the test: deposits that confirm after a swap's own
 * credit are paid out on their own while it is open, and deposits it does not take go back by
 * themselves, less 1 %, to the refund address (an EXPIRED swap takes one through /swap/emergency).
 * Every payout and return is checked on the receiving chain.
 */
describe('later deposits, end to end: paid out on their own or sent back, without an operator', () => {
  const WINDOW_SECONDS = 8;
  let stack: Stack;
  let api: SwapClient;
  let driver: SwapDriver;

  beforeAll(async () => {
    stack = await Stack.start({
      chains: { networks: ['LTC', 'ETH', 'SOL'] },
      engineEnv: { SWAP_PAYMENT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    });
    const key = await stack.createKey();
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
  });
  afterAll(() => stack?.stop());

  const balance = async (code: CurrencyCode, address: string) =>
    BigInt(
      (await stack.call(devnetBalance, { network: CURRENCIES[code].network, address, currency: code }))
        .balance,
    );
  const units = (order: SwapOrder, side: 'from' | 'to', amount: string) =>
    toUnits(amount, CURRENCIES[order[side].code].chainDecimals);

  /** An LTC → ETH float swap of 1 LTC, paid and SENDING, with a fresh refund address. */
  async function sendingLtcSwap() {
    const refundAddress = ltcAddress();
    const created = await api.create({
      from: 'LTC',
      to: 'ETH',
      amount: '1',
      toAddress: ADDRESSES.ETH,
      refundAddress,
    });
    await driver.deposit('LTC', created.from.address, '1');
    await driver.mine('LTC', 2);
    await driver.reach(created.id, 'SENDING');
    return { created, refundAddress };
  }

  /** Mines `network` until the swap's returns all reached `status`. */
  async function mineUntilReturned(network: 'LTC' | 'SOL', id: string): Promise<SwapOrder> {
    for (let round = 0; ; round++) {
      const order = await api.status(id);
      if (
        order.returns.length > 0 &&
        order.returns.every((r) => r.status === 'REFUNDED' && r.tx?.confirmations)
      )
        return order;
      if (round > 60) throw new Error(`returns of ${id}: ${JSON.stringify(order.returns)}\n${stack.logs()}`);
      await driver.mine(network);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Waits until the treasury lists `count` payouts of the swap on `network` as broadcast. */
  async function payoutsBroadcast(swapId: string, network: string, count: number): Promise<void> {
    for (let round = 0; ; round++) {
      const sent: TransferView[] = await driver.swapctl('treasury', 'transfers', '--state', 'BROADCAST');
      const payouts = sent.filter((t) => t.swapId === swapId && t.network === network && t.kind === 'payout');
      if (payouts.length >= count) return;
      if (round > 120) throw new Error(`payouts of ${swapId}: ${JSON.stringify(sent)}\n${stack.logs()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('SOL: a further deposit while SENDING is paid out on its own; DONE once both payouts landed', async () => {
    const toAddress = ethAddress();
    const created = await api.create({ from: 'SOL', to: 'ETH', amount: '1', toAddress });
    const before = await balance('ETH', toAddress);
    await driver.deposit('SOL', created.from.address, '1');
    await driver.mine('SOL');
    const sending = await driver.reach(created.id, 'SENDING');

    // The payout is in the ETH mempool, not mined: a second payment arrives and confirms.
    await driver.deposit('SOL', created.from.address, '0.5');
    await driver.mine('SOL');
    const paying = await driver.until(
      created.id,
      'the further deposit credited',
      (o) => o.from.amountDeposited === '1.50000000',
    );
    expect(paying.status).toBe('SENDING');
    expect(Number(paying.to.amount)).toBeGreaterThan(Number(sending.to.amount));

    // Both payouts in the ETH mempool before the one block that lands them: under load the further
    // one can still be on its way when the deposit is credited.
    await payoutsBroadcast(created.id, 'ETH', 2);
    await driver.mine('ETH');
    const done = await driver.until(
      created.id,
      'both payouts landed',
      (o) => o.status === 'DONE' && o.to.tx?.confirmations === 1,
    );
    expect(done.from.amountDeposited).toBe('1.50000000');
    // Both payouts on the chain, adding up to to.amount.
    expect((await balance('ETH', toAddress)) - before).toBe(units(done, 'to', done.to.amount));
    const shown = await driver.swapctl('swaps', 'show', created.id);
    expect(shown.later).toMatchObject([{ amount: '500000000', handling: 'PAID', payout: { state: 'DONE' } }]);
    expect(done.to.tx?.id).toBe(shown.later[0].payout.tx.id);
    expect(done.to.tx?.id).not.toBe(shown.payoutTx.id);
    expect(done.returns).toEqual([]);
  });

  it('LTC: a further deposit while EXCHANGING (the treasury down) is paid beside the first', async () => {
    const toAddress = ethAddress();
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress });
    const before = await balance('ETH', toAddress);
    await stack.service('treasury').kill();
    try {
      await driver.deposit('LTC', created.from.address, '1');
      await driver.mine('LTC', 2);
      await driver.reach(created.id, 'EXCHANGING');
      await driver.deposit('LTC', created.from.address, '0.4');
      await driver.mine('LTC', 2);
      const both = await driver.until(
        created.id,
        'the further deposit credited',
        (o) => o.from.amountDeposited === '1.40000000',
      );
      expect(both.status).toBe('EXCHANGING');
    } finally {
      await stack.service('treasury').start();
    }
    await driver.reach(created.id, 'SENDING', api, 60_000);
    let done = await api.status(created.id);
    for (
      let round = 0;
      done.status !== 'DONE' ||
      (await balance('ETH', toAddress)) - before < units(done, 'to', done.to.amount);
      round++
    ) {
      if (round > 60) throw new Error(`${JSON.stringify(done)}\n${stack.logs()}`);
      await driver.mine('ETH');
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await api.status(created.id);
    }
    expect((await balance('ETH', toAddress)) - before).toBe(units(done, 'to', done.to.amount));
  });

  it('LTC: a further deposit below the pair minimum goes back by itself, less 1 %', async () => {
    const { created, refundAddress } = await sendingLtcSwap();
    const before = await balance('LTC', refundAddress);

    await driver.deposit('LTC', created.from.address, '0.001');
    const returned = await mineUntilReturned('LTC', created.id);

    expect(returned.returns).toMatchObject([
      { deposited: '0.00100000', amount: '0.00099000', address: refundAddress, status: 'REFUNDED' },
    ]);
    expect(returned.returns[0].reason).toMatch(/below the minimum/);
    expect((await balance('LTC', refundAddress)) - before).toBe(99_000n);
    expect(returned.from.amountDeposited).toBe('1.00000000');
  });

  it('LTC: a deposit after DONE goes back by itself to the refund address, less 1 %', async () => {
    const { created, refundAddress } = await sendingLtcSwap();
    await driver.mine('ETH');
    const done = await driver.reach(created.id, 'DONE');
    const before = await balance('LTC', refundAddress);

    await driver.deposit('LTC', created.from.address, '0.5');
    const returned = await mineUntilReturned('LTC', created.id);

    expect(returned).toMatchObject({ status: 'DONE', to: { amount: done.to.amount } });
    expect(returned.returns).toMatchObject([
      { deposited: '0.50000000', amount: '0.49500000', status: 'REFUNDED' },
    ]);
    expect((await balance('LTC', refundAddress)) - before).toBe(49_500_000n);
  });

  it('LTC: a deposit after EXPIRED waits for a refund address, given through /swap/emergency', async () => {
    const refundAddress = ltcAddress();
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: ADDRESSES.ETH });
    await driver.reach(created.id, 'EXPIRED', api, (WINDOW_SECONDS + 15) * 1000);
    await driver.deposit('LTC', created.from.address, '2');
    await driver.mine('LTC', 2);
    const waiting = await driver.until(created.id, 'a return waiting', (o) => o.returns.length === 1);
    expect(waiting).toMatchObject({
      status: 'EXPIRED',
      returns: [
        {
          deposited: '2.00000000',
          amount: '1.98000000',
          address: null,
          status: 'AWAITING_ADDRESS',
          tx: null,
        },
      ],
    });
    const [deposit] = await driver.swapctl('swaps', 'deposits', created.id);
    expect(deposit).toMatchObject({ handling: 'RETURNED', returned: { state: 'waiting', address: null } });
    const page = await fetch(waiting.url as string).then((response) => response.text());
    expect(page).toContain('waits for a refund address');

    await expect(api.resolve({ id: created.id, choice: 'REFUND' })).rejects.toMatchObject({ status: 400 });
    const before = await balance('LTC', refundAddress);
    const resolved = await api.resolve({ id: created.id, choice: 'REFUND', address: refundAddress });
    expect(resolved).toMatchObject({ status: 'EXPIRED', refund: { address: refundAddress } });
    expect(resolved.returns[0]).toMatchObject({ status: 'REFUNDING', address: refundAddress });

    await mineUntilReturned('LTC', created.id);
    expect((await balance('LTC', refundAddress)) - before).toBe(198_000_000n);
  });

  it('SOL: a deposit after EXPIRED goes back by itself when the swap has a refund address', async () => {
    const refundAddress = ADDRESSES.SOL;
    const created = await api.create({
      from: 'SOL',
      to: 'ETH',
      amount: '1',
      toAddress: ADDRESSES.ETH,
      refundAddress,
    });
    await driver.reach(created.id, 'EXPIRED', api, (WINDOW_SECONDS + 15) * 1000);
    const before = await balance('SOL', refundAddress);
    await driver.deposit('SOL', created.from.address, '0.8');
    const returned = await mineUntilReturned('SOL', created.id);
    expect(returned).toMatchObject({
      status: 'EXPIRED',
      returns: [{ amount: '0.79200000', status: 'REFUNDED' }],
    });
    expect((await balance('SOL', refundAddress)) - before).toBe(792_000_000n);
  });
});
