import { SwapClient } from '@swap/sdk';
import { serveExchangeFixtures, type ExchangeFixtures } from '@swap/pricing/testing';
import { Stack } from '@swap/stack';
import { ADDRESSES, SwapDriver } from './support/swap-driver';
import { failure } from './support/api-failure';

/** Retries `check` until it passes: settings and prices reach the gateway through KV watches. */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** 64998.11 / 3201.44: the medians of BTC and ETH over the eleven recorded answers. */
const BTC_ETH_RATE = '20.302773127092808236';

describe('live pricing, liquidity limits and maintenance switches, end to end', () => {
  let exchanges: ExchangeFixtures;
  let stack: Stack;
  let api: SwapClient;
  let driver: SwapDriver;
  const btcToEth = (amount = 0.01) => api.price({ from: 'BTC', to: 'ETH', amount });
  const createBtcToEth = (amount = 0.01) =>
    api.create({ from: 'BTC', to: 'ETH', amount, toAddress: ADDRESSES.ETH });

  beforeAll(async () => {
    exchanges = await serveExchangeFixtures();
    // Kraken and Coinbase down from the start: USDT-USD has two sources left (Bitfinex, Bitstamp).
    exchanges.down.add('kraken').add('coinbase');
    stack = await Stack.start({
      pricingEnv: { ...exchanges.env(), PRICE_BREAKER_COOLDOWN_SECONDS: '1' },
      treasuryEnv: { TREASURY_LIQUIDITY_ETH: '2' },
    });
    api = stack.client(await stack.createKey({ fixedRateEnabled: true }));
    driver = new SwapDriver(stack, api);
  });
  afterAll(async () => {
    await stack?.stop();
    await exchanges?.close();
  });

  it('refuses quotes and creates while too few sources agree, and recovers when they come back', async () => {
    const prices = await eventually(async () => {
      const list: Array<{ coin: string; usd: string | null; reason?: string }> =
        await driver.swapctl('prices');
      expect(list.map((p) => p.coin)).toContain('BTC');
      return list;
    });
    expect(prices.find((p) => p.coin === 'USDT')).toMatchObject({
      usd: null,
      reason: '2 fresh sources within 2 % of the median, 3 needed',
    });
    expect(prices.find((p) => p.coin === 'BTC')).toMatchObject({ usd: null });
    expect(await failure(btcToEth())).toEqual({
      status: 400,
      msg: 'Pricing for BTC is temporarily unavailable',
    });
    expect(await failure(createBtcToEth())).toEqual({
      status: 400,
      msg: 'Pricing for BTC is temporarily unavailable',
    });

    exchanges.down.clear();
    // Quotes resume as soon as three sources agree, at the median of those back so far; the rate is
    // the eleven's once every circuit breaker has let its exchange in again.
    await eventually(async () => {
      const quote = await btcToEth();
      expect(quote.from.rate).toBe(Number(BTC_ETH_RATE));
    }, 15_000);
  });

  it("quotes at the ratio of the sources' medians, and swapctl prices shows every source", async () => {
    await eventually(async () => {
      const quote = await btcToEth();
      expect(quote.from.rate).toBe(Number(BTC_ETH_RATE));
    });

    const prices: Array<{
      coin: string;
      usd: string;
      minSources: number;
      sources: Array<{ name: string; status: string; usd: string | null }>;
    }> = await driver.swapctl('prices');
    const btc = prices.find((p) => p.coin === 'BTC');
    expect(btc).toMatchObject({ usd: '64998.11', minSources: 3, maxDeviation: '0.02' });
    expect(btc?.sources.map((s) => [s.name, s.status])).toEqual(
      [
        'binance',
        'kraken',
        'coinbase',
        'okx',
        'bybit',
        'kucoin',
        'bitfinex',
        'gate',
        'htx',
        'mexc',
        'bitstamp',
      ].map((n) => [n, 'used']),
    );
    expect(
      prices
        .find((p) => p.coin === 'XMR')
        ?.sources.filter((s) => s.status === 'unlisted')
        .map((s) => s.name),
    ).toEqual(['binance', 'coinbase', 'okx', 'bybit', 'bitstamp']);
  });

  it('switches a pair off and on', async () => {
    await driver.swapctl('pairs', 'disable', 'BTC', 'ETH');
    const pair = await eventually(async () => {
      const found = (await api.pairs()).find((p) => p.from === 'BTC' && p.to === 'ETH');
      expect(found?.available).toBe(false);
      return found;
    });
    expect(pair).toMatchObject({ available: false, fixed: false });
    expect(await failure(btcToEth())).toEqual({ status: 400, msg: 'Pair BTC/ETH is under maintenance' });
    expect(await failure(createBtcToEth())).toEqual({
      status: 400,
      msg: 'Pair BTC/ETH is under maintenance',
    });
    // The reverse pair is not affected.
    await api.price({ from: 'ETH', to: 'BTC', amount: 1 });

    await driver.swapctl('pairs', 'enable', 'BTC', 'ETH');
    await eventually(() => btcToEth());
    expect((await api.pairs()).find((p) => p.from === 'BTC' && p.to === 'ETH')).toMatchObject({
      available: true,
      fixed: true,
    });
  });

  it('puts a currency under maintenance, or stops only its deposits', async () => {
    await driver.swapctl('currencies', 'disable', 'LTC');
    await eventually(async () => {
      expect((await api.currencies()).find((c) => c.code === 'LTC')).toMatchObject({
        recv: false,
        send: false,
      });
    });
    const pairs = await api.pairs();
    expect(pairs.filter((p) => p.from === 'LTC' || p.to === 'LTC').every((p) => !p.available)).toBe(true);
    expect(pairs.filter((p) => p.from !== 'LTC' && p.to !== 'LTC').every((p) => p.available)).toBe(true);
    expect(await failure(api.price({ from: 'ETH', to: 'LTC', amount: 1 }))).toEqual({
      status: 400,
      msg: 'Pair ETH/LTC is under maintenance',
    });
    await driver.swapctl('currencies', 'enable', 'LTC');

    await driver.swapctl('currencies', 'disable', 'BTC', '--deposits');
    await eventually(async () => {
      expect((await api.currencies()).find((c) => c.code === 'BTC')).toMatchObject({
        recv: false,
        send: true,
      });
    });
    expect(await failure(createBtcToEth())).toEqual({
      status: 400,
      msg: 'Deposits of BTC are temporarily unavailable',
    });
    // Only creates stop: quotes from BTC still answer, and paying out BTC goes on.
    await api.price({ from: 'BTC', to: 'ETH', amount: 0.01 });
    await api.price({ from: 'ETH', to: 'BTC', amount: 1 });
    await driver.swapctl('currencies', 'enable', 'BTC', '--deposits');
    await eventually(() => createBtcToEth());
  });

  it("offers only the operator's share of the liquidity as the quote's maximum", async () => {
    const full = (await btcToEth()).to.max;
    expect(full).toBeGreaterThan(1.9);
    expect(full).toBeLessThanOrEqual(2);

    await driver.swapctl('currencies', 'liquidity', 'ETH', '25');
    const quarter = await eventually(async () => {
      const max = (await btcToEth()).to.max;
      expect(max).toBeLessThan(0.51);
      return max;
    });
    expect(quarter).toBeGreaterThan(0.49);
    const tooMuch = await failure(btcToEth(0.05));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.msg).toMatch(/^Amount is above the current maximum of 0\.02\d* BTC$/);

    await driver.swapctl('currencies', 'liquidity', 'ETH', '0');
    await eventually(async () => expect((await btcToEth()).to.max).toBe(0));
    await driver.swapctl('currencies', 'liquidity', 'ETH', '100');
    await eventually(async () => expect((await btcToEth()).to.max).toBe(full));
  });

  it("raises a pair's minimum, never below the currency's", async () => {
    await driver.swapctl('pairs', 'min', 'BTC', 'ETH', '0.005');
    await eventually(async () => expect((await btcToEth()).from.min).toBe(0.005));
    expect((await api.pairs()).find((p) => p.from === 'BTC' && p.to === 'ETH')?.min).toBe(0.005);
    expect(await failure(btcToEth(0.004))).toEqual({
      status: 400,
      msg: 'Amount is below the minimum of 0.005 BTC',
    });
    // Other pairs from BTC keep the currency's minimum.
    expect((await api.price({ from: 'BTC', to: 'LTC', amount: 0.004 })).from.min).toBeLessThan(0.005);

    await expect(driver.swapctl('pairs', 'min', 'BTC', 'ETH', '0.00000001')).rejects.toThrow(
      /below the minimum/,
    );
    await driver.swapctl('pairs', 'min', 'BTC', 'ETH', 'default');
    await eventually(async () => expect((await btcToEth()).from.min).toBeLessThan(0.005));
  });
});
