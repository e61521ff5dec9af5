import { CoinbaseSource } from './coinbase.source';
import { FixtureServer, send, serveFixtures, startServer } from './testing/fixture-server';

const NOW = 1_718_200_980_000;

describe('CoinbaseSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('asks each product ticker once and keeps the products that answered', async () => {
    server = await serveFixtures({
      '/products/BTC-USD/ticker': 'coinbase-ticker-BTC-USD.json',
      '/products/ETH-USD/ticker': 'coinbase-ticker-ETH-USD.json',
      '/products/LTC-USD/ticker': 'coinbase-ticker-LTC-USD.json',
      '/products/SOL-USD/ticker': 'coinbase-ticker-SOL-USD.json',
      '/products/USDT-USD/ticker': 'coinbase-ticker-USDT-USD.json',
      // AVAX-USD is not served: a 404, which is not retried.
    });
    const quote = await new CoinbaseSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect([...server.requests].sort()).toEqual([
      '/products/AVAX-USD/ticker',
      '/products/BTC-USD/ticker',
      '/products/ETH-USD/ticker',
      '/products/LTC-USD/ticker',
      '/products/SOL-USD/ticker',
      '/products/USDT-USD/ticker',
    ]);
    expect(quote.source).toBe('coinbase');
    // LTC-USD has a zero bid; AVAX-USD failed; Coinbase lists no XMR or TRX.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64998.115', quote: 'USD' },
      ETH: { price: '3201.475', quote: 'USD' },
      SOL: { price: '150.155', quote: 'USD' },
      USDT: { price: '1.000015', quote: 'USD' },
    });
  });

  it('fails when every product fails', async () => {
    server = await startServer((_req, res) => send(res, 404, '{"message":"NotFound"}'));
    await expect(new CoinbaseSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      'coinbase: every product ticker failed: HttpRequestError: coinbase: GET /products/BTC-USD/ticker failed: HTTP 404',
    );
  });
});
