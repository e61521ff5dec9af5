import { quietLogger } from '@swap/domain/testing';
import { priceSwap, MarketFeed } from '@swap/market';
import { parseConfig } from '@swap/service-kit';
import { ExchangeFixtures, serveExchangeFixtures } from '../testing/exchange-fixtures';
import { RefreshPrices } from './price-refresher';
import { priceRules, priceSources, pricingConfigSchema } from './pricing-config';

describe('live pricing from the recorded answers of every exchange', () => {
  let exchanges: ExchangeFixtures;
  let now = 1_718_200_980_000;
  let market: MarketFeed;
  let refresh: RefreshPrices;

  beforeAll(async () => {
    exchanges = await serveExchangeFixtures();
  });
  afterAll(() => exchanges.close());

  beforeEach(() => {
    exchanges.down.clear();
    const config = parseConfig(pricingConfigSchema, exchanges.env());
    market = new MarketFeed(() => now);
    refresh = new RefreshPrices(
      priceSources(config),
      priceRules(config),
      { publish: async (entry) => market.setPrice(entry) },
      quietLogger({ info: () => undefined, warn: () => undefined }),
      // Generous: eleven requests at once to a local server on a busy CI machine; a source that is
      // down answers 503 at once, so no test waits this long.
      10_000,
      () => now,
    );
  });

  const quote = () =>
    priceSwap(market, {
      from: 'BTC',
      to: 'ETH',
      type: 'float',
      direction: 'from',
      amount: 10_000_000n,
      partnerPercent: '0',
    });

  it('takes the median of every source and quotes at the ratio of the medians', async () => {
    const entries = await refresh.execute();
    const byCoin = Object.fromEntries(entries.map((e) => [e.coin, e]));

    // USDT-USD from Kraken 1, Coinbase 1.000015, Bitfinex 0.999875, Bitstamp 1: the median is exactly 1.
    expect(byCoin['USDT']).toMatchObject({ usd: '1' });
    expect(byCoin['USDT'].sources.filter((s) => s.status === 'used').map((s) => s.name)).toEqual([
      'kraken',
      'coinbase',
      'bitfinex',
      'bitstamp',
    ]);
    // BTC: eleven mids, 64995 … 65010.05; the sixth is HTX's 64998.11.
    expect(byCoin['BTC'].usd).toBe('64998.11');
    expect(byCoin['BTC'].sources.map((s) => [s.name, s.status, s.usd])).toEqual([
      ['binance', 'used', '64998.105'],
      ['kraken', 'used', '65010.05'],
      ['coinbase', 'used', '64998.115'],
      ['okx', 'used', '64997.95'],
      ['bybit', 'used', '64998.55'],
      ['kucoin', 'used', '64997.25'],
      ['bitfinex', 'used', '64995'],
      ['gate', 'used', '64998.35'],
      ['htx', 'used', '64998.11'],
      ['mexc', 'used', '64998.6'],
      ['bitstamp', 'used', '64996.5'],
    ]);
    // ETH: the sixth of eleven is HTX's 3201.44.
    expect(byCoin['ETH'].usd).toBe('3201.44');
    // XMR is listed by Kraken, KuCoin, Bitfinex, Gate, HTX and MEXC only.
    expect(byCoin['XMR'].sources.filter((s) => s.status === 'used').map((s) => s.name)).toEqual([
      'kraken',
      'kucoin',
      'bitfinex',
      'gate',
      'htx',
      'mexc',
    ]);
    // Every coin has at least five sources in use, USDT-USD four.
    for (const entry of entries)
      expect(entry.sources.filter((s) => s.status === 'used').length).toBeGreaterThanOrEqual(
        entry.coin === 'USDT' ? 4 : 5,
      );

    // 64998.11 / 3201.44, to the 18 places a rate has.
    expect(quote().rate).toBe('20.302773127092808236');
  });

  it('refuses to quote when too few sources are left, and quotes again once they are back', async () => {
    await refresh.execute();
    // Kraken, Coinbase, Bitfinex and Bitstamp are the only USDT-USD markets; two of them go down,
    // leaving two of the three needed.
    exchanges.down.add('kraken').add('coinbase');
    now += 10_000;
    await refresh.execute();
    expect(quote().rate).toBe('20.302773127092808236'); // their answers of 10 s ago are still fresh

    now += 20_000;
    await refresh.execute();
    expect(() => quote()).toThrow(
      expect.objectContaining({ status: 400, message: 'Pricing for BTC is temporarily unavailable' }),
    );

    exchanges.down.clear();
    now += 10_000;
    await refresh.execute();
    expect(quote().rate).toBe('20.302773127092808236');
  });
});
