import { EXCHANGES, EXCHANGE_NAMES, baseUrlEnvVar, isExchangeName } from './registry';

describe('exchange registry', () => {
  it('builds every exchange under its own lowercase name with its default base URL', () => {
    expect(EXCHANGE_NAMES).toEqual([
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
    ]);
    const sources = EXCHANGE_NAMES.map((name) => EXCHANGES[name]());
    expect(sources.map((s) => s.name)).toEqual(EXCHANGE_NAMES);
    expect(sources.map((s) => s.baseUrl)).toEqual([
      'https://api.binance.com',
      'https://api.kraken.com',
      'https://api.exchange.coinbase.com',
      'https://www.okx.com',
      'https://api.bybit.com',
      'https://api.kucoin.com',
      'https://api-pub.bitfinex.com',
      'https://api.gateio.ws',
      'https://api.huobi.pro',
      'https://api.mexc.com',
      'https://www.bitstamp.net',
    ]);
  });

  it('names each base URL variable PRICE_<EXCHANGE>_URL', () => {
    expect(baseUrlEnvVar('kucoin')).toBe('PRICE_KUCOIN_URL');
  });

  it('recognises exchange names', () => {
    expect(isExchangeName('bitfinex')).toBe(true);
    expect(isExchangeName('bitstamp')).toBe(true);
    expect(isExchangeName('huobi')).toBe(false);
    expect(isExchangeName('toString')).toBe(false);
  });
});
