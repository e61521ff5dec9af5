import { Wallet } from 'ethers';
import { Transaction } from 'bitcoinjs-lib';
import { devnetBalance } from '@swap/contracts';
import { fundedPayer, startLitecoind, type Litecoind, type Payer } from '@swap/chain-nodes';
import { toUnits } from '@swap/domain';
import type { SwapClient, SwapOrder } from '@swap/sdk';
import { Stack } from '@swap/stack';
import { SwapDriver } from './support/swap-driver';

/**
 * Replaced and double-spent deposits on litecoind (regtest, BIP125 replacement on), ETH paid out
 * on the devnet; blocks only when the test mines them. A deposit bumped by fee is followed to its
 * replacement and credited once; one double-spent in a block is gone at once, and the swap waits
 * for a deposit again.
 */
describe('replaced and double-spent deposits (litecoind)', () => {
  let ltc: Litecoind;
  let payer: Payer;
  let stack: Stack;
  let api: SwapClient;
  let driver: SwapDriver;

  beforeAll(async () => {
    ltc = await startLitecoind({ replaceByFee: true });
    payer = await fundedPayer(ltc);
    stack = await Stack.start({
      env: { LTC_RPC_URL: ltc.rpcUrl, LTC_NETWORK: 'regtest' },
      chains: { networks: ['LTC', 'ETH'] },
    });
    const key = await stack.createKey();
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await ltc?.stop();
  });

  /** Mines a block at a time on litecoind and on the devnet's ETH (the payout) until the swap is `status`. */
  async function mineUntil(id: string, status: string): Promise<SwapOrder> {
    for (let round = 0; ; round++) {
      const order = await api.status(id);
      if (order.status === status) return order;
      if (round > 60) throw new Error(`${id} is ${order.status}, not ${status}\n${stack.logs()}`);
      await Promise.all([ltc.mine(1), driver.mine('ETH')]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  const deposits = (id: string) => driver.swapctl('swaps', 'deposits', id);

  it('a deposit bumped by fee (RBF): the swap follows the replacement, credits it once and pays once', async () => {
    const user = Wallet.createRandom().address;
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: user });
    const first = await payer.send(created.from.address, toUnits('1', 8));
    await driver.until(created.id, 'the first transaction seen', (o) => o.from.tx?.id === first);

    const bumped = await payer.bumpFee(first);
    const following = await driver.until(
      created.id,
      'the replacement followed',
      (o) => o.from.tx?.id === bumped,
    );
    expect(following).toMatchObject({ status: 'PENDING', from: { amountDeposited: '0.00000000' } });

    const done = await mineUntil(created.id, 'DONE');
    expect(done.from).toMatchObject({ amountDeposited: '1.00000000', tx: { id: bumped } });
    const paid = await stack.call(devnetBalance, { network: 'ETH', address: user, currency: 'ETH' });
    expect(BigInt(paid.balance)).toBe(toUnits(done.to.amount, 18));
    expect(await deposits(created.id)).toMatchObject([
      { txid: first, reverted: true, replacedBy: bumped, credited: false },
      { txid: bumped, reverted: false, replacedBy: null, credited: true },
    ]);
    expect(done.returns).toEqual([]);
  }, 120_000);

  it('a deposit double-spent in a block is gone at once: the swap waits for a deposit again', async () => {
    const created = await api.create({
      from: 'LTC',
      to: 'ETH',
      amount: '1',
      toAddress: Wallet.createRandom().address,
    });
    const deposit = await payer.send(created.from.address, toUnits('1', 8));
    await driver.until(created.id, 'the deposit seen', (o) => o.status === 'PENDING');

    const doubleSpend = await payer.doubleSpend(deposit);
    await ltc.mineTransactions([doubleSpend]);
    const thief = Transaction.fromHex(doubleSpend).getId();

    const waiting = await driver.until(created.id, 'back to NEW', (o) => o.status === 'NEW');
    expect(waiting.from.tx).toBeNull();
    expect(await deposits(created.id)).toMatchObject([{ txid: deposit, reverted: true, replacedBy: thief }]);

    // A real deposit afterwards is taken as usual.
    const again = await payer.send(created.from.address, toUnits('1', 8));
    const done = await mineUntil(created.id, 'DONE');
    expect(done.from).toMatchObject({ amountDeposited: '1.00000000', tx: { id: again } });
  }, 120_000);
});
