import { Wallet } from 'ethers';
import { accountPublicKey, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import { fundedPayer, startLitecoind, type Litecoind, type Payer } from '@swap/chain-nodes';
import { devnetBalance } from '@swap/contracts';
import { toUnits } from '@swap/domain';
import { SwapApiError, type SwapClient } from '@swap/sdk';
import { Stack, TEST_MNEMONIC, type ServiceProcess } from '@swap/stack';
import { startTcpProxy, type TcpProxy } from '@swap/testing';
import { SwapDriver } from './support/swap-driver';
import { waitFor } from './support/wait-for';

/** How long litecoind stays away: well past the liquidity's maximum age and many backoff rounds. */
const AWAY_MS = 25_000;
const LIQUIDITY_MAX_AGE_SECONDS = 8;

interface LogLine {
  level: string;
  msg: string;
  time: string;
  stack?: string;
  err?: { stack?: string };
  repeated?: number;
}

/** The service's JSON lines written between `from` and `to` (ISO times). */
function linesOf(service: ServiceProcess, from: string, to: string): LogLine[] {
  return service.output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.time >= from && line.time <= to);
}

/**
 * litecoind goes away for AWAY_MS behind a proxy (connections refused, as a node restarting),
 * while the services keep running: the LTC watcher and the treasury back off and say so once;
 * quotes into LTC stop once its liquidity ages out; a deposit made meanwhile is credited when the
 * node is back, and quotes come back. ETH is paid out on the devnet.
 */
describe('a node away for a while (litecoind behind a proxy)', () => {
  let ltc: Litecoind;
  let proxy: TcpProxy;
  let payer: Payer;
  let stack: Stack;
  let api: SwapClient;
  let driver: SwapDriver;

  beforeAll(async () => {
    ltc = await startLitecoind();
    payer = await fundedPayer(ltc);
    const hot = depositAddress('LTC', accountPublicKey(mnemonicToSeed(TEST_MNEMONIC), 'LTC'), 0, {
      chain: 'regtest',
    });
    await ltc.mine(5, hot);
    await ltc.mine(100);
    const url = new URL(ltc.rpcUrl);
    proxy = await startTcpProxy(Number(url.port));
    url.port = String(proxy.port);
    stack = await Stack.start({
      env: {
        LTC_RPC_URL: url.toString(),
        LTC_NETWORK: 'regtest',
        LIQUIDITY_MAX_AGE_SECONDS: String(LIQUIDITY_MAX_AGE_SECONDS),
        // "reachable again" is an info line.
        LOG_LEVEL: 'info',
      },
      treasuryEnv: { LIQUIDITY_REFRESH_SECONDS: '1' },
      chains: { networks: ['LTC', 'ETH'] },
    });
    const key = await stack.createKey();
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await proxy?.close();
    await ltc?.stop();
  });

  const quoteIntoLtc = () => api.price({ from: 'ETH', to: 'LTC', amount: '1' });
  const quotedIntoLtc = () =>
    quoteIntoLtc().then(
      () => true,
      () => false,
    );

  it('backs off and says so once; quotes into LTC stop, then come back; a deposit made meanwhile is credited', async () => {
    await waitFor(quotedIntoLtc, 'a quote into LTC');
    const user = Wallet.createRandom().address;
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: user });

    const awaySince = new Date().toISOString();
    await proxy.takeDown();
    const deposit = await payer.send(created.from.address, toUnits('1', 8));
    await ltc.mine(1);

    // The treasury cannot read the hot wallet: its last word ages out, and quotes into LTC stop.
    let refused: unknown;
    await waitFor(
      async () => {
        refused = await quoteIntoLtc().then(
          () => undefined,
          (err: unknown) => err,
        );
        return refused !== undefined;
      },
      'quotes into LTC refused',
      (LIQUIDITY_MAX_AGE_SECONDS + 10) * 1000,
    );
    expect(refused).toBeInstanceOf(SwapApiError);
    expect((await api.status(created.id)).status).toBe('NEW');

    const left = AWAY_MS - (Date.now() - Date.parse(awaySince));
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    const backAt = new Date().toISOString();
    await proxy.bringUp();

    // Caught up: the deposit made while the node was away is seen, confirmed and paid.
    for (let round = 0; ; round++) {
      const order = await api.status(created.id);
      if (order.status === 'DONE') {
        expect(order.from.tx?.id).toBe(deposit);
        break;
      }
      if (round > 150) throw new Error(`${created.id} is ${order.status}\n${stack.logs()}`);
      await Promise.all([ltc.mine(1), driver.mine('ETH')]);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const paid = await stack.call(devnetBalance, { network: 'ETH', address: user, currency: 'ETH' });
    expect(BigInt(paid.balance)).toBeGreaterThan(0n);
    await waitFor(quotedIntoLtc, 'quotes into LTC again');

    // Each service said once that the node went away (no line per retry, no stack trace), and once
    // that it was back.
    const now = new Date().toISOString();
    for (const name of ['watcher-ltc', 'treasury', 'refunds']) {
      const away = linesOf(stack.service(name), awaySince, backAt);
      const loud = away.filter((line) => line.level === 'warn' || line.level === 'error');
      const messages = loud.map((line) => line.msg);
      expect({ name, repeated: messages.filter((m, i) => messages.indexOf(m) !== i) }).toEqual({
        name,
        repeated: [],
      });
      expect(loud.filter((line) => line.stack || line.err?.stack)).toEqual([]);
      if (name !== 'refunds') expect(messages.some((m) => m.includes('unreachable'))).toBe(true);
      const back = linesOf(stack.service(name), backAt, now).map((line) => line.msg);
      if (name === 'watcher-ltc') expect(back.some((m) => m.includes('reachable again'))).toBe(true);
    }
  }, 240_000);
});
