import { parseEther, Wallet } from 'ethers';
import { accountPublicKey, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import { fundedPayer, type Payer } from '@swap/chain-nodes';
import { CURRENCIES, toUnits, type CurrencyCode } from '@swap/domain';
import type { SwapClient, SwapOrder } from '@swap/sdk';
import { Stack, TEST_MNEMONIC, type TestKey } from '@swap/stack';
import { RealNodes } from './support/real-nodes';
import { SwapDriver } from './support/swap-driver';

/**
 * The whole service on real nodes (litecoind, two anvils with a 6-decimal USDT, monerod with
 * monero-wallet-rpc, whose watcher and treasury start on it too): swaps from create to DONE with
 * each payout checked on the receiving node. BTC, TRX and SOL stay on the devnet. The XMR swaps
 * and the BELOW_MINIMUM refund on nodes are not here yet (see the README, "What is not done yet").
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

  it('LTC → ETH: a litecoind deposit, an ETH payout that lands on anvil', async () => {
    const user = Wallet.createRandom().address;
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: user });
    await ltcPayer.send(created.from.address, toUnits('1', 8));
    const finished = await done(created, () => nodes.eth.provider.getBalance(user));
    expect(finished.from.tx?.confirmations).toBeGreaterThanOrEqual(CURRENCIES.LTC.reqConfirmations);
  }, 180_000);

  it('USDTERC → LTC: a token deposit, an LTC payout that lands on litecoind', async () => {
    const user = Wallet.createRandom(nodes.eth.provider);
    await nodes.eth.setBalance(user.address, parseEther('1'));
    await nodes.usdt.mint(user.address, toUnits('100', 6));
    const toAddress = await ltcPayer.newAddress();
    const created = await api.create({ from: 'USDTERC', to: 'LTC', amount: '100', toAddress });
    await nodes.sendUsdt(user, created.from.address, toUnits('100', 6));
    await done(created, () => ltcPayer.received(toAddress, 0));
  }, 180_000);
});

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} never arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
