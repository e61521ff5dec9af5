import { ConfigError, parseConfig } from '@swap/service-kit';
import { priceRules, priceSources, pricingConfigSchema } from './pricing-config';

const parse = (env: Record<string, string>) => parseConfig(pricingConfigSchema, env);
const problems = (env: Record<string, string>): string[] => {
  try {
    parse(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('pricing configuration', () => {
  it('defaults to the devnet alone, which then needs one source', () => {
    const config = parse({});
    expect(priceSources(config).map((s) => s.name)).toEqual(['devnet']);
    const rules = priceRules(config);
    expect([rules.minSources('BTC'), rules.maxDeviation, rules.maxAgeMs]).toEqual([1, '0.02', 30_000]);
  });

  it('needs three agreeing exchanges by default, fewer for a coin only when configured', () => {
    const config = parse({ PRICE_SOURCES: 'kraken, Bitfinex,gate,kucoin', PRICE_MIN_SOURCES_XMR: '2' });
    expect(priceSources(config).map((s) => s.name)).toEqual(['kraken', 'bitfinex', 'gate', 'kucoin']);
    const rules = priceRules(config);
    expect([rules.minSources('BTC'), rules.minSources('XMR')]).toEqual([3, 2]);
  });

  it('points an exchange at PRICE_<EXCHANGE>_URL', () => {
    const [kraken] = priceSources(
      parse({ PRICE_SOURCES: 'kraken', PRICE_KRAKEN_URL: 'http://127.0.0.1:9/k/' }),
    );
    expect(kraken).toMatchObject({ name: 'kraken', baseUrl: 'http://127.0.0.1:9/k' });
  });

  it('knows HTX, MEXC and Bitstamp, each with its own URL variable', () => {
    const sources = priceSources(
      parse({ PRICE_SOURCES: 'HTX, mexc,bitstamp', PRICE_BITSTAMP_URL: 'http://127.0.0.1:9/bs/' }),
    );
    expect(sources).toMatchObject([
      { name: 'htx', baseUrl: 'https://api.huobi.pro' },
      { name: 'mexc', baseUrl: 'https://api.mexc.com' },
      { name: 'bitstamp', baseUrl: 'http://127.0.0.1:9/bs' },
    ]);
    expect(sources).toHaveLength(3);
  });

  it.each([
    ['2%', '0.02'],
    ['2.5 %', '0.025'],
    ['0.5%', '0.005'],
    ['0.03', '0.03'],
  ])('reads PRICE_MAX_DEVIATION=%s as %s', (value, fraction) => {
    expect(priceRules(parse({ PRICE_MAX_DEVIATION: value })).maxDeviation).toBe(fraction);
  });

  it('names every mistake', () => {
    expect(problems({ PRICE_SOURCES: 'kraken,mtgox' })).toEqual([
      'PRICE_SOURCES: unknown source; known: devnet, binance, kraken, coinbase, okx, bybit, kucoin, bitfinex, gate, htx, mexc, bitstamp',
    ]);
    // HTX is named htx, not by its former name.
    expect(problems({ PRICE_SOURCES: 'huobi' })).toHaveLength(1);
    expect(
      problems({ PRICE_SOURCES: 'kraken,gate', PRICE_MIN_SOURCES: '3', PRICE_MIN_SOURCES_XMR: '0' }),
    ).toEqual([
      'PRICE_MIN_SOURCES_XMR: Too small: expected number to be >=1',
      'PRICE_MIN_SOURCES: 3 is more than the 2 source(s) in PRICE_SOURCES',
    ]);
    expect(problems({ PRICE_MAX_DEVIATION: '150%' })).toEqual([
      'PRICE_MAX_DEVIATION: must be above 0 and below 100 %',
    ]);
    expect(problems({ PRICE_KRAKEN_URL: 'not a url' })).toEqual(['PRICE_KRAKEN_URL: Invalid URL']);
  });
});
