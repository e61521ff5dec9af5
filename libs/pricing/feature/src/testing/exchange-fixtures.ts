import { EXCHANGE_NAMES } from '../lib/exchanges/registry';
import { fixture, FixtureServer, send, startServer } from '../lib/exchanges/testing/fixture-server';

/** Each exchange's recorded public answer, by the path its connector asks for (under /<exchange>). */
const ROUTES: Readonly<Record<string, string>> = {
  '/binance/api/v3/ticker/bookTicker': 'binance-book-ticker.json',
  '/kraken/0/public/Ticker?pair=XBTUSD,ETHUSD,LTCUSD,XMRUSD,TRXUSD,SOLUSD,AVAXUSD,USDTUSD':
    'kraken-ticker.json',
  '/coinbase/products/BTC-USD/ticker': 'coinbase-ticker-BTC-USD.json',
  '/coinbase/products/ETH-USD/ticker': 'coinbase-ticker-ETH-USD.json',
  '/coinbase/products/LTC-USD/ticker': 'coinbase-ticker-LTC-USD.json',
  '/coinbase/products/SOL-USD/ticker': 'coinbase-ticker-SOL-USD.json',
  '/coinbase/products/USDT-USD/ticker': 'coinbase-ticker-USDT-USD.json',
  '/okx/api/v5/market/tickers?instType=SPOT': 'okx-tickers.json',
  '/bybit/v5/market/tickers?category=spot': 'bybit-tickers.json',
  '/kucoin/api/v1/market/allTickers': 'kucoin-all-tickers.json',
  '/bitfinex/v2/tickers?symbols=tBTCUSD,tETHUSD,tLTCUSD,tXMRUSD,tTRXUSD,tSOLUSD,tAVAX:USD,tUSTUSD':
    'bitfinex-tickers.json',
  '/gate/api/v4/spot/tickers': 'gate-tickers.json',
  '/htx/market/tickers': 'htx-tickers.json',
  '/mexc/api/v3/ticker/bookTicker': 'mexc-book-ticker.json',
  '/bitstamp/api/v2/ticker/': 'bitstamp-ticker.json',
};

/**
 * One local HTTP server answering as every exchange of the registry, each under its own path
 * prefix, with their recorded public responses. Tests take exchanges down (503) and back with `down`.
 */
export interface ExchangeFixtures {
  server: FixtureServer;
  /** Exchanges answering 503 at the moment. */
  down: Set<string>;
  /** PRICE_SOURCES and every PRICE_<EXCHANGE>_URL pointing at this server. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export async function serveExchangeFixtures(): Promise<ExchangeFixtures> {
  const down = new Set<string>();
  const server = await startServer((req, res) => {
    const url = req.url ?? '';
    const file = ROUTES[url];
    if (down.has(url.split('/')[1])) return send(res, 503, '{"message":"Service Unavailable"}');
    if (file === undefined) return send(res, 404, '{"message":"NotFound"}');
    send(res, 200, fixture(file));
  });
  return {
    server,
    down,
    env: () => ({
      PRICE_SOURCES: EXCHANGE_NAMES.join(','),
      ...Object.fromEntries(
        EXCHANGE_NAMES.map((name) => [`PRICE_${name.toUpperCase()}_URL`, `${server.baseUrl}/${name}`]),
      ),
    }),
    close: () => server.close(),
  };
}
