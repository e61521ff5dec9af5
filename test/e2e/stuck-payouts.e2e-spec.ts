import { parseEther, toQuantity, Wallet } from 'ethers';
import { accountPublicKey, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import {
  deployTestUsdt,
  fundedPayer,
  startAnvil,
  startLitecoind,
  type Anvil,
  type Litecoind,
  type Payer,
} from '@swap/chain-nodes';
import { CURRENCIES, toUnits, type CurrencyCode } from '@swap/domain';
import type { SwapClient, SwapOrder } from '@swap/sdk';
import { Stack, TEST_MNEMONIC } from '@swap/stack';
import { SwapDriver } from './support/swap-driver';
import { liquid, waitFor } from './support/wait-for';

/** litecoind mines only transactions paying 1000 sat/vB or more: the treasury's payouts pay far less. */
const BLOCK_MIN_TX_FEE = '0.01';

interface ListedTransfer {
  id: string;
  swapId: string;
  network: string;
  state: string;
  txid: string | null;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string | null;
  failure: string | null;
}

/**
 * Stuck payouts (issue 25) on real nodes, resolved by the operator with swapctl as they would:
 * an LTC payout whose fee is below what blocks take (litecoind -blockmintxfee) lands after
 * `swapctl treasury bump` (BIP125); an ETH payout that anvil dropped once the base fee rose above
 * its max fee is re-sent with backoff, shows its last error, and lands after `bump` (same nonce);
 * another is given up by `fill-nonce`, failing only once the filler is mined. Each pays exactly
 * once, and each swap's ledger balances. Deposits come from the devnet's BTC.
 */
describe('stuck payouts, resolved by the operator (litecoind, anvil)', () => {
  let ltc: Litecoind;
  let eth: Anvil;
  let ltcUser: Payer;
  let stack: Stack;
  let api: SwapClient;
  let driver: SwapDriver;
  const seed = mnemonicToSeed(TEST_MNEMONIC);
  const hot = (network: 'LTC' | 'ETH') =>
    depositAddress(network, accountPublicKey(seed, network), 0, { chain: 'regtest' });

  beforeAll(async () => {
    [ltc, eth] = await Promise.all([
      startLitecoind({ replaceByFee: true, blockMinTxFee: BLOCK_MIN_TX_FEE }),
      startAnvil({ chainId: 31337 }),
    ]);
    const usdt = await deployTestUsdt(eth);
    // From here on, blocks only when the test mines them: the payout waits in the pool.
    await eth.provider.send('evm_setAutomine', [false]);
    ltcUser = await fundedPayer(ltc, 'user');
    await ltc.mine(5, hot('LTC'));
    await ltc.mine(100);
    await eth.setBalance(hot('ETH'), parseEther('100'));
    await eth.mine(1);
    stack = await Stack.start({
      env: {
        LTC_RPC_URL: ltc.rpcUrl,
        LTC_NETWORK: 'regtest',
        ETH_RPC_URL: eth.rpcUrl,
        ETH_CHAIN_ID: '31337',
        USDTERC_CONTRACT: usdt.address,
      },
      // Confirmations polled twice a second: a re-send each poll would show at once.
      treasuryEnv: { TREASURY_CONFIRMATIONS_SECONDS: '0.5' },
      chains: { networks: ['BTC', 'LTC', 'ETH'] },
    });
    const key = await stack.createKey();
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await Promise.allSettled([ltc?.stop(), eth?.stop()]);
  });

  const transfers = async (network: string): Promise<ListedTransfer[]> =>
    driver.swapctl(
      'treasury',
      'transfers',
      '--network',
      network,
      '--state',
      'BROADCAST',
      '--state',
      'CONFIRMED',
      '--state',
      'FAILED',
    );

  /** The swap's payout, once the treasury has handed it to the node. */
  async function payoutOf(
    swapId: string,
    network: string,
    check: (t: ListedTransfer) => boolean = () => true,
  ) {
    let found: ListedTransfer | undefined;
    await waitFor(async () => {
      found = (await transfers(network)).find(
        (t) => t.swapId === swapId && t.state === 'BROADCAST' && check(t),
      );
      return found !== undefined;
    }, `the ${network} payout of ${swapId} broadcast`);
    return found as ListedTransfer;
  }

  /** A BTC deposit on the devnet, mined until the swap's payout is under way. */
  async function depositBtc(to: 'LTC' | 'ETH', amount: string, toAddress: string): Promise<SwapOrder> {
    const created = await api.create({ from: 'BTC', to, amount, toAddress });
    await driver.deposit('BTC', created.from.address, amount);
    for (let round = 0; ; round++) {
      const order = await api.status(created.id);
      if (order.status === 'SENDING' || order.to.tx) return order;
      if (round > 100) throw new Error(`${created.id} is ${order.status}\n${stack.logs()}`);
      await driver.mine('BTC');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function mineUntil(id: string, status: string, mine: () => Promise<unknown>): Promise<SwapOrder> {
    for (let round = 0; ; round++) {
      const order = await api.status(id);
      if (order.status === status) return order;
      if (round > 150) throw new Error(`${id} is ${order.status}, not ${status}\n${stack.logs()}`);
      await mine();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function expectBalancedLedger(
    swapId: string,
  ): Promise<Array<{ account: string; currency: string; amount: string }>> {
    const ledger = await driver.swapctl('treasury', 'ledger', swapId);
    expect(ledger.totals.every((total: { amount: string }) => total.amount === '0')).toBe(true);
    return ledger.entries;
  }

  const networkFees = (entries: Array<{ account: string; currency: string; amount: string }>, code: string) =>
    entries
      .filter((e) => e.account === 'fees:network' && e.currency === code)
      .reduce((sum, e) => sum + BigInt(e.amount), 0n);

  it("LTC: a payout below the blocks' minimum fee stays in the mempool, and lands once after `bump`", async () => {
    await liquid(stack, 'LTC', toUnits('1', 8));
    const toAddress = await ltcUser.newAddress();
    const sending = await depositBtc('LTC', '0.01', toAddress);
    const payout = await payoutOf(sending.id, 'LTC');
    const stuck = payout.txid as string;

    // Blocks come, the payout does not go: its fee is below -blockmintxfee.
    await ltc.mine(3);
    expect(await ltc.rpc<string[]>('getrawmempool')).toContain(stuck);
    expect((await api.status(sending.id)).status).toBe('SENDING');

    const bumped = await driver.swapctl('treasury', 'bump', payout.id, '--fee-rate', '2000');
    expect(bumped).toMatchObject({ action: 'bump', network: 'LTC', replaces: stuck, accepted: true });
    expect(BigInt(bumped.fee)).toBeGreaterThan(BigInt(bumped.previousFee));
    const mempool = await ltc.rpc<string[]>('getrawmempool');
    expect(mempool).toContain(bumped.txid);
    expect(mempool).not.toContain(stuck);

    const done = await mineUntil(sending.id, 'DONE', () => ltc.mine(1));
    expect(done.to.tx?.id).toBe(bumped.txid);
    const expected = toUnits(done.to.amount, CURRENCIES[done.to.code as CurrencyCode].chainDecimals);
    // Exactly once: everything the user's address ever received is this one payment.
    expect(await ltcUser.received(toAddress, 1)).toBe(expected);
    await expect(ltc.rpc('getrawtransaction', [stuck])).rejects.toThrow(
      /No such mempool or blockchain transaction/,
    );
    expect(await ltc.rpc('getrawtransaction', [bumped.txid, true])).toMatchObject({
      confirmations: expect.anything(),
    });

    const entries = await expectBalancedLedger(sending.id);
    // The network fee booked is the one of the transaction that was mined.
    const [listed] = (await transfers('LTC')).filter((t) => t.id === payout.id);
    expect(listed).toMatchObject({ state: 'CONFIRMED', txid: bumped.txid });
    expect(networkFees(entries, 'LTC')).toBe(BigInt(bumped.fee));
  }, 240_000);

  it('LTC: `cpfp` makes a stuck payout worth mining with a child spending its change; it lands once', async () => {
    const toAddress = await ltcUser.newAddress();
    const sending = await depositBtc('LTC', '0.01', toAddress);
    const payout = await payoutOf(sending.id, 'LTC');
    const stuck = payout.txid as string;
    await ltc.mine(2);
    expect(await ltc.rpc<string[]>('getrawmempool')).toContain(stuck);

    const child = await driver.swapctl('treasury', 'cpfp', payout.id, '--fee-rate', '2000');
    expect(child).toMatchObject({ action: 'cpfp', network: 'LTC', replaces: stuck, accepted: true });
    const spends = await ltc.rpc<{ vin: Array<{ txid: string }> }>('getrawtransaction', [child.txid, true]);
    expect(spends.vin.map((input) => input.txid)).toEqual([stuck]);

    const done = await mineUntil(sending.id, 'DONE', () => ltc.mine(1));
    // The payout's own transaction landed, its child with it.
    expect(done.to.tx?.id).toBe(stuck);
    const expected = toUnits(done.to.amount, CURRENCIES[done.to.code as CurrencyCode].chainDecimals);
    expect(await ltcUser.received(toAddress, 1)).toBe(expected);
    const [parentTx, childTx] = await Promise.all(
      [stuck, child.txid].map((txid) => ltc.rpc<{ blockhash?: string }>('getrawtransaction', [txid, true])),
    );
    expect(parentTx.blockhash).toBeDefined();
    expect(childTx.blockhash).toBe(parentTx.blockhash);

    const entries = await expectBalancedLedger(sending.id);
    expect(networkFees(entries, 'LTC')).toBe(BigInt(child.previousFee) + BigInt(child.fee));
  }, 240_000);

  /** Raises the next block's base fee far above the pending payout's max fee and mines it: anvil drops the payout. */
  async function priceOut(txid: string): Promise<void> {
    const pending = await eth.provider.getTransaction(txid);
    const maxFee = pending?.maxFeePerGas ?? 0n;
    expect(maxFee).toBeGreaterThan(0n);
    await eth.provider.send('anvil_setNextBlockBaseFeePerGas', [toQuantity(maxFee * 2n)]);
    await eth.mine(1);
    expect(await eth.provider.getTransaction(txid)).toBeNull();
  }

  it('ETH: a payout dropped for its fee is re-sent with backoff, shows its error, and lands once after `bump`', async () => {
    await liquid(stack, 'ETH', toUnits('1', 18));
    const user = Wallet.createRandom().address;
    const sending = await depositBtc('ETH', '0.01', user);
    const payout = await payoutOf(sending.id, 'ETH');
    const stuck = payout.txid as string;
    await priceOut(stuck);

    // The tracker sends the lost bytes again; anvil refuses them; the retries back off.
    const refused = await payoutOf(sending.id, 'ETH', (t) => /base fee/.test(t.lastError ?? ''));
    expect(refused.attempts).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const later = await payoutOf(sending.id, 'ETH');
    // Each poll would be 12 more attempts in 6 s; delays of 1, 2, 4, 8 s… allow 3 at most.
    expect(later.attempts).toBeGreaterThanOrEqual(refused.attempts);
    expect(later.attempts - refused.attempts).toBeLessThanOrEqual(3);
    expect(later.nextAttemptAt).toBeGreaterThan(Date.now() - 1_000);
    expect(later.lastError).toMatch(/^the node lost the transaction and refuses it again: .*base fee/);

    const bumped = await driver.swapctl('treasury', 'bump', payout.id);
    expect(bumped).toMatchObject({ action: 'bump', network: 'ETH', replaces: stuck, accepted: true });

    const done = await mineUntil(sending.id, 'DONE', () => eth.mine(1));
    expect(done.to.tx?.id).toBe(bumped.txid);
    expect(await eth.provider.getBalance(user)).toBe(toUnits(done.to.amount, 18));
    // One transaction of the hot wallet mined, at the payout's nonce: the bump.
    expect(await eth.provider.getTransactionCount(hot('ETH'), 'latest')).toBe(1);
    expect(await eth.provider.getTransactionReceipt(stuck)).toBeNull();
    expect((await eth.provider.getTransactionReceipt(bumped.txid))?.status).toBe(1);
    await expectBalancedLedger(sending.id);
  }, 240_000);

  it('ETH: `fill-nonce` gives a stuck payout up; it fails only once the filler is mined', async () => {
    const user = Wallet.createRandom().address;
    const sending = await depositBtc('ETH', '0.01', user);
    const payout = await payoutOf(sending.id, 'ETH');
    await priceOut(payout.txid as string);
    await payoutOf(sending.id, 'ETH', (t) => /base fee/.test(t.lastError ?? ''));
    const nonce = await eth.provider.getTransactionCount(hot('ETH'), 'latest');

    const filled = await driver.swapctl('treasury', 'fill-nonce', payout.id);
    expect(filled).toMatchObject({
      action: 'fill-nonce',
      network: 'ETH',
      replaces: payout.txid,
      accepted: true,
    });
    // Still under way until the filler is as deep as the payout would have to be.
    await eth.mine(1);
    expect((await api.status(sending.id)).status).toBe('SENDING');

    const failed = await mineUntil(sending.id, 'FAILED', () => eth.mine(1));
    // The engine's failed-payout path: the swap waits for the operator (retry-payout or a refund).
    expect(failed.issue.reason).toMatch(/^The payout could not be completed/);
    expect(await eth.provider.getBalance(user)).toBe(0n);
    const filler = await eth.provider.getTransaction(filled.txid);
    expect(filler).toMatchObject({ nonce, to: hot('ETH'), value: 0n });
    expect(await eth.provider.getTransactionCount(hot('ETH'), 'latest')).toBe(nonce + 1);
    const [listed] = (await driver.swapctl('treasury', 'transfers', '--state', 'FAILED')).filter(
      (t: ListedTransfer) => t.id === payout.id,
    );
    expect(listed.failure).toContain(filled.txid);
    await expectBalancedLedger(sending.id);
  }, 240_000);

  it("answers an operator's mistakes as CLI errors", async () => {
    await expect(driver.swapctl('treasury', 'bump', 'no-such-transfer')).rejects.toThrow(
      /No transfer no-such-transfer/,
    );
    const [confirmed] = (await transfers('LTC')).filter((t) => t.state === 'CONFIRMED');
    await expect(driver.swapctl('treasury', 'bump', confirmed.id)).rejects.toThrow(/confirmed already/);
    await expect(driver.swapctl('treasury', 'fill-nonce', confirmed.id)).rejects.toThrow(/confirmed already/);
  }, 60_000);
});
