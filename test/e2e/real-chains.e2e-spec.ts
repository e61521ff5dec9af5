import { parseEther, Wallet } from 'ethers';
import { accountPublicKey, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import { fundedPayer, type Payer } from '@swap/chain-nodes';
import { CURRENCIES, toUnits, type CurrencyCode } from '@swap/domain';
import type { SwapClient, SwapOrder } from '@swap/sdk';
import { liquid, waitFor } from './support/wait-for';
import { Stack, TEST_MNEMONIC, type TestKey } from '@swap/stack';
import { RealNodes } from './support/real-nodes';
import { SwapDriver } from './support/swap-driver';

/**
 * The whole service on real nodes (litecoind, two anvils with a 6-decimal USDT, monerod with
 * monero-wallet-rpcs for the treasury, the watcher and a customer): swaps from create to DONE with
 * each payout checked on the receiving node, and a refund that lands. BTC, TRX and SOL stay on the
 * devnet.
 */
describe('swaps on real nodes, end to end', () => {
  let nodes: RealNodes;
  let stack: Stack;
  let key: TestKey;
  let api: SwapClient;
  let driver: SwapDriver;
  let ltcPayer: Payer;

  beforeAll(async () => {
    const seed = mnemonicToSeed(TEST_MNEMONIC);
    nodes = await RealNodes.start();
    const hot = (network: 'LTC' | 'ETH' | 'AVAX' | 'XMR') =>
      depositAddress(network, accountPublicKey(seed, network), 0, { chain: 'regtest' });
    ltcPayer = await fundedPayer(nodes.ltc);
    await nodes.fundHotWallets({ LTC: hot('LTC'), ETH: hot('ETH'), AVAX: hot('AVAX'), XMR: hot('XMR') });
    stack = await Stack.start({
      env: nodes.env(),
      treasuryEnv: nodes.treasuryEnv(),
      chains: {
        networks: ['LTC', 'ETH', 'AVAX', 'XMR'],
        watcherEnvOf: { XMR: { ...nodes.watcherEnv(), LOG_LEVEL: 'info' } },
      },
    });
    key = await stack.createKey();
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
    nodes.startMining();
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await nodes?.stop();
  });

  /** Waits for DONE (mining goes on in the background) and checks the quoted amount arrived. */
  async function done(order: SwapOrder, received: (txid: string) => Promise<bigint>): Promise<SwapOrder> {
    const finished = await driver.reach(order.id, 'DONE', api, 150_000);
    const expected = toUnits(finished.to.amount, CURRENCIES[finished.to.code as CurrencyCode].chainDecimals);
    const txid = finished.to.tx?.id ?? '';
    await waitFor(
      async () => (await received(txid)) === expected,
      `${finished.to.code} payout of ${expected}`,
    );
    return finished;
  }

  // First: no swap has handed out an LTC address yet, so only the treasury's own start-up import of
  // its hot address lets the node's new wallet show the coins this payout spends.
  it('USDTERC → LTC: a token deposit, an LTC payout that lands on litecoind', async () => {
    const user = Wallet.createRandom(nodes.eth.provider);
    await nodes.eth.setBalance(user.address, parseEther('1'));
    await nodes.usdt.mint(user.address, toUnits('100', 6));
    const toAddress = await ltcPayer.newAddress();
    await liquid(stack, 'LTC', toUnits('100', 8));
    const created = await api.create({ from: 'USDTERC', to: 'LTC', amount: '100', toAddress });
    await nodes.sendUsdt(user, created.from.address, toUnits('100', 6));
    await done(created, () => ltcPayer.received(toAddress, 0));
  }, 180_000);

  it('LTC → ETH: a litecoind deposit, an ETH payout that lands on anvil', async () => {
    const user = Wallet.createRandom().address;
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: user });
    await ltcPayer.send(created.from.address, toUnits('1', 8));
    const finished = await done(created, () => nodes.eth.provider.getBalance(user));
    expect(finished.from.tx?.confirmations).toBeGreaterThanOrEqual(CURRENCIES.LTC.reqConfirmations);
    // Once the payout has its 12 confirmations, its fee is what the chain charged, not the maximum signed.
    const receipt = await nodes.eth.provider.getTransactionReceipt(finished.to.tx?.id ?? '');
    const charged = (receipt?.gasUsed ?? 0n) * (receipt?.gasPrice ?? 0n);
    // The API shows 8 decimals.
    const shown = (fee: string) => toUnits(fee, 18) / 10n ** 10n;
    await waitFor(async () => {
      const fee = (await api.status(created.id)).to.tx?.fee;
      return (
        fee != null && [charged / 10n ** 10n, (charged + 10n ** 10n - 1n) / 10n ** 10n].includes(shown(fee))
      );
    }, `the ETH fee charged (${charged})`);
  }, 180_000);

  it('ETH → XMR: an anvil deposit, an XMR payout the customer proves with the tx key', async () => {
    const user = Wallet.createRandom(nodes.eth.provider);
    await nodes.eth.setBalance(user.address, parseEther('1'));
    const customer = nodes.xmrCustomer;
    const created = await api.create({ from: 'ETH', to: 'XMR', amount: '0.1', toAddress: customer.address });
    await (await user.sendTransaction({ to: created.from.address, value: parseEther('0.1') })).wait();
    const finished = await done(created, (txid) => customer.received(txid));
    const { id, txKey } = finished.to.tx ?? {};
    expect(await customer.provenBy(id ?? '', txKey ?? '')).toBe(toUnits(finished.to.amount, 12));
  }, 180_000);

  it('XMR → AVAX: a deposit to a subaddress, an AVAX payout that lands on anvil', async () => {
    const user = Wallet.createRandom().address;
    const created = await api.create({ from: 'XMR', to: 'AVAX', amount: '1', toAddress: user });
    const txid = await nodes.xmrCustomer.pay(created.from.address, toUnits('1', 12));
    const finished = await done(created, () => nodes.avax.provider.getBalance(user));
    expect(finished.from.tx?.id).toBe(txid);
    expect(toUnits(finished.from.tx?.amount ?? '0', 12)).toBe(toUnits('1', 12));
  }, 180_000);

  it('BELOW_MINIMUM: an LTC deposit under the minimum is refunded, minus 1 %, on litecoind', async () => {
    const refundAddress = await ltcPayer.newAddress();
    const created = await api.create({
      from: 'LTC',
      to: 'ETH',
      amount: '1',
      toAddress: Wallet.createRandom().address,
      refundAddress,
    });
    await ltcPayer.send(created.from.address, toUnits('0.05', 8));
    const refunded = await driver.reach(created.id, 'REFUNDED', api, 150_000);
    expect(refunded.issue).toMatchObject({ type: 'BELOW_MINIMUM' });
    expect(refunded.refund.tx).toMatchObject({ amount: '0.04950000' });
    await waitFor(
      async () => (await ltcPayer.received(refundAddress, 0)) === toUnits('0.0495', 8),
      'the refund',
    );
  }, 180_000);
});
