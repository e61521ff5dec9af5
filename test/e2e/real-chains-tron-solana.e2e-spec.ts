import { randomBytes } from 'node:crypto';
import { base58 } from '@scure/base';
import { Wallet } from 'ethers';
import type { TransferView } from '@swap/contracts';
import { CURRENCIES, toUnits, type CurrencyCode } from '@swap/domain';
import type { SwapClient, SwapOrder } from '@swap/sdk';
import { liquid, waitFor } from './support/wait-for';
import { ServiceProcess, Stack, TEST_MNEMONIC } from '@swap/stack';
import { freePort } from '@swap/testing';
import { accountPublicKeys, mnemonicToSeed } from '@swap/chain-keys';
import { SwapDriver } from './support/swap-driver';
import { treasuryHot, TronSolanaNodes } from './support/tron-solana-nodes';

/**
 * The whole service on Tron and Solana (issue 20): the Tron lab (java-tron's HTTP API; USDT TRC-20
 * on anvil) and the Solana lab (the Solana runtime behind its JSON-RPC), ETH on anvil. Each payout
 * is checked on the receiving chain, sweeps on the deposit address, and a fork under the watchers
 * takes an unconfirmed deposit away on both chains.
 */
describe('swaps on Tron and Solana (TRX, USDTTRC, SOL), end to end', () => {
  let nodes: TronSolanaNodes;
  let stack: Stack;
  let api: SwapClient;
  let driver: SwapDriver;

  beforeAll(async () => {
    nodes = await TronSolanaNodes.start();
    await nodes.fundHotWallets();
    stack = await Stack.start({
      env: nodes.env(),
      // Lend sweeps energy where the hot wallet has stake to lend; top them up with TRX otherwise.
      treasuryEnv: { TRX_SWEEP_ENERGY: 'delegate', TREASURY_CONFIRMATIONS_SECONDS: '0.5' },
      chains: { networks: ['TRX', 'SOL', 'ETH'] },
    });
    const key = await stack.createKey();
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
    nodes.startProducing();
    await liquid(stack, 'SOL', toUnits('100', 9));
    await liquid(stack, 'USDTTRC', toUnits('10000', 6));
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await nodes?.stop();
  });

  /** Waits for DONE and for the quoted amount on the receiving chain. */
  async function done(order: SwapOrder, received: () => Promise<bigint>): Promise<SwapOrder> {
    const finished = await driver.reach(order.id, 'DONE', api, 150_000);
    const code = finished.to.code as CurrencyCode;
    const expected = toUnits(finished.to.amount, CURRENCIES[code].chainDecimals);
    await waitFor(async () => (await received()) === expected, `${code} payout of ${expected}`);
    return finished;
  }

  /** The treasury's confirmed transfers of a swap on `network`, as `swapctl treasury transfers` lists them. */
  async function transfersOf(swapId: string, network = 'TRX'): Promise<TransferView[]> {
    const all: TransferView[] = await driver.swapctl('treasury', 'transfers', '--state', 'CONFIRMED');
    return all.filter((t) => t.swapId === swapId && t.network === network);
  }

  const solAddress = () => base58.encode(randomBytes(32));

  it('TRX → SOL: a TRX deposit on the Tron lab, a SOL payout that lands on the Solana lab', async () => {
    const customer = nodes.tron.newAccount();
    await nodes.tron.fund(customer.address, toUnits('1000', 6));
    const toAddress = solAddress();
    const created = await api.create({ from: 'TRX', to: 'SOL', amount: '300', toAddress });
    const txid = await nodes.tron.transfer(customer, created.from.address, toUnits('300', 6));
    const finished = await done(created, async () => nodes.sol.balance(toAddress, 'finalized'));
    expect(finished.from.tx?.id).toBe(txid);
    expect(finished.from.tx?.confirmations).toBeGreaterThanOrEqual(CURRENCIES.TRX.reqConfirmations);
    expect(nodes.sol.landed().filter((t) => t.signature === finished.to.tx?.id)).toHaveLength(1);
  }, 180_000);

  it('SOL → USDTTRC: a SOL deposit, a USDT TRC-20 payout; the deposit address is swept empty', async () => {
    const customer = await nodes.sol.newPayer(toUnits('10', 9));
    const toAddress = nodes.tron.newAccount().address;
    const created = await api.create({ from: 'SOL', to: 'USDTTRC', amount: '2', toAddress });
    await nodes.sol.transfer(customer, created.from.address, toUnits('2', 9));
    await done(created, () => nodes.tron.usdtBalance(toAddress));
    await waitFor(async () => nodes.sol.balance(created.from.address, 'finalized') === 0n, 'the SOL sweep');
    const sweep = (await transfersOf(created.id, 'SOL')).find((t) => t.kind === 'sweep');
    expect(sweep).toMatchObject({
      currency: 'SOL',
      to: treasuryHot('SOL'),
      amount: String(toUnits('2', 9) - 5000n),
    });
  }, 180_000);

  it('USDTTRC → ETH with no stake to lend: the deposit gets TRX to burn for its sweep', async () => {
    const { created, customer } = await usdtDeposit('60');
    await done(created, () => nodes.eth.provider.getBalance(customer.ethAddress));
    await waitFor(async () => (await nodes.tron.usdtBalance(created.from.address)) === 0n, 'the USDT sweep');
    const transfers = await transfersOf(created.id);
    expect(transfers.map((t) => t.kind).sort()).toEqual(['gas', 'gas', 'sweep']);
    const sweep = nodes.tron.mined().find((m) => m.txID === transfers.find((t) => t.kind === 'sweep')?.txid);
    expect(sweep).toMatchObject({ result: 'SUCCESS', energyFromStake: 0 });
    expect(sweep?.energyFee).toBeGreaterThan(0);
  }, 180_000);

  it('USDTTRC → ETH with staked TRX: the sweep runs on lent energy, which goes back after', async () => {
    await nodes.stakeHotWalletForEnergy('100000');
    const { created, customer } = await usdtDeposit('70');
    await done(created, () => nodes.eth.provider.getBalance(customer.ethAddress));
    await waitFor(async () => (await nodes.tron.usdtBalance(created.from.address)) === 0n, 'the USDT sweep');
    await waitFor(
      async () => (await transfersOf(created.id)).some((t) => t.kind === 'undelegate'),
      'energy back',
    );
    const transfers = await transfersOf(created.id);
    expect(transfers.map((t) => t.kind).sort()).toEqual(['delegate', 'gas', 'sweep', 'undelegate']);
    const sweep = nodes.tron.mined().find((m) => m.txID === transfers.find((t) => t.kind === 'sweep')?.txid);
    expect(sweep).toMatchObject({ result: 'SUCCESS', energyFee: 0 });
    expect(sweep?.energyFromStake).toBeGreaterThan(0);
  }, 180_000);

  it('BELOW_MINIMUM: a SOL deposit under the minimum is refunded, minus 1 %, on the Solana lab', async () => {
    const customer = await nodes.sol.newPayer(toUnits('1', 9));
    const refundAddress = solAddress();
    const created = await api.create({
      from: 'SOL',
      to: 'ETH',
      amount: '1',
      toAddress: Wallet.createRandom().address,
      refundAddress,
    });
    await nodes.sol.transfer(customer, created.from.address, toUnits('0.3', 9));
    const refunded = await driver.reach(created.id, 'REFUNDED', api, 150_000);
    expect(refunded.issue).toMatchObject({ type: 'BELOW_MINIMUM' });
    expect(refunded.refund.tx).toMatchObject({ amount: '0.29700000' });
    await waitFor(
      async () => nodes.sol.balance(refundAddress, 'finalized') === toUnits('0.297', 9),
      'the refund',
    );
  }, 180_000);

  it('TRX: a rolled-back block takes an unconfirmed deposit away, and the swap waits again (NEW)', async () => {
    const customer = nodes.tron.newAccount();
    await nodes.tron.fund(customer.address, toUnits('500', 6));
    const created = await api.create({
      from: 'TRX',
      to: 'ETH',
      amount: '200',
      toAddress: Wallet.createRandom().address,
    });
    await nodes.pause();
    try {
      const txid = await nodes.tron.transfer(customer, created.from.address, toUnits('200', 6));
      await nodes.tron.produceBlocks(2);
      await driver.reach(created.id, 'CONFIRMING', api, 30_000);
      await nodes.tron.rollback({ depth: 3, drop: [txid] });
      await nodes.tron.produceBlocks(2);
      const back = await driver.reach(created.id, 'NEW', api, 30_000);
      expect(back.from.tx).toBeNull();
    } finally {
      nodes.resume();
    }
  }, 120_000);

  it('SOL: a block dropped before finalization takes an unconfirmed deposit away (NEW)', async () => {
    const customer = await nodes.sol.newPayer(toUnits('5', 9));
    const created = await api.create({
      from: 'SOL',
      to: 'ETH',
      amount: '1',
      toAddress: Wallet.createRandom().address,
    });
    await nodes.pause();
    try {
      const signature = await nodes.sol.transfer(customer, created.from.address, toUnits('1', 9));
      await nodes.sol.produceBlock();
      await driver.reach(created.id, 'PENDING', api, 30_000);
      await nodes.sol.rollback({ depth: 2, drop: [signature] });
      // Gone from the confirmed blocks, it is reverted once a few more slots passed without it.
      nodes.resume();
      const back = await driver.reach(created.id, 'NEW', api, 30_000);
      expect(back.from.tx).toBeNull();
    } finally {
      nodes.resume();
    }
  }, 120_000);

  it('a TRX or SOL setting that cannot work stops the service at start, naming the variable, no stack trace', async () => {
    const keys = accountPublicKeys(mnemonicToSeed(TEST_MNEMONIC));
    const base = { DATABASE_URL: stack.databaseUrl, ...nodes.env() };
    const cases = [
      {
        // The Solana lab's genesis is not mainnet-beta's.
        service: new ServiceProcess('watcher-sol-mainnet', 'watcher', await freePort(), {
          ...base,
          ...stack.busEnv('watcher'),
          WATCHER_NETWORK: 'SOL',
          SOL_XPUB: keys.SOL,
          SOL_NETWORK: 'mainnet',
        }),
        names: /SOL_NETWORK asks for 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d/,
      },
      {
        service: new ServiceProcess('refunds-no-token', 'refunds', await freePort(), {
          ...base,
          ...stack.busEnv('refunds'),
          USDTTRC_CONTRACT: nodes.tron.newAccount().address,
        }),
        names: /USDTTRC_CONTRACT T\w+ is not a 6-decimal token/,
      },
      {
        service: new ServiceProcess('watcher-trx-bad-url', 'watcher', await freePort(), {
          ...base,
          ...stack.busEnv('watcher'),
          WATCHER_NETWORK: 'TRX',
          TRX_XPUB: keys.TRX,
          TRX_RPC_URL: 'trongrid.io',
        }),
        names: /TRX_RPC_URL is not a URL/,
      },
    ];
    for (const { service, names } of cases) {
      const failure = await service.start(20_000).then(
        () => null,
        (err: unknown) => String(err),
      );
      await service.stop();
      expect(failure).toMatch(names);
      expect(failure).toMatch(/failed to start/);
      expect(failure).not.toMatch(/\n\s+at /);
    }
  }, 120_000);

  /** A customer who pays USDT on Tron and is paid ETH. */
  async function usdtDeposit(amount: string) {
    const tronKey = nodes.tron.newAccount();
    await nodes.tron.fund(tronKey.address, toUnits('100', 6));
    await nodes.tron.mintUsdt(tronKey.address, toUnits(amount, 6));
    const ethAddress = Wallet.createRandom().address;
    const created = await api.create({ from: 'USDTTRC', to: 'ETH', amount, toAddress: ethAddress });
    await nodes.tron.transferUsdt(tronKey, created.from.address, toUnits(amount, 6));
    return { created, customer: { tronKey, ethAddress } };
  }
});
