import { BinanceSource } from './binance.source';
import { CircuitOpenError } from './circuit-breaker';
import { HttpJsonClient } from './http-json';
import { FixtureServer, send, serveFixtures, startServer } from './testing/fixture-server';

const NOW = 1_718_200_980_000;

describe('BinanceSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('takes USDT mids from the bulk book ticker in one request', async () => {
    server = await serveFixtures({ '/api/v3/ticker/bookTicker': 'binance-book-ticker.json' });
    const quote = await new BinanceSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect(server.requests).toEqual(['/api/v3/ticker/bookTicker']);
    expect(quote.source).toBe('binance');
    expect(quote.at).toBe(NOW);
    // AVAXUSDT has a zero bid; there is no XMR or USDT-USD market; unrelated symbols are ignored.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64998.105', quote: 'USDT' },
      ETH: { price: '3201.455', quote: 'USDT' },
      LTC: { price: '84.915', quote: 'USDT' },
      TRX: { price: '0.12015', quote: 'USDT' },
      SOL: { price: '150.125', quote: 'USDT' },
    });
  });

  it('honours a base URL with a path prefix and a trailing slash', async () => {
    server = await serveFixtures({ '/proxy/binance/api/v3/ticker/bookTicker': 'binance-book-ticker.json' });
    const quote = await new BinanceSource({ baseUrl: `${server.baseUrl}/proxy/binance/` }).fetch(NOW);
    expect(quote.prices.get('BTC')).toEqual({ price: '64998.105', quote: 'USDT' });
  });

  it('rejects a response that is not the documented array', async () => {
    server = await startServer((_req, res) => send(res, 200, '{"code":-1121,"msg":"Invalid symbol."}'));
    await expect(new BinanceSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      'binance: GET /api/v3/ticker/bookTicker did not return an array of tickers',
    );
  });

  it('opens its circuit after three failed refreshes and then makes no request', async () => {
    server = await startServer((_req, res) => send(res, 418, '{"code":-1003,"msg":"banned"}'));
    let now = NOW;
    const source = new BinanceSource({
      baseUrl: server.baseUrl,
      http: new HttpJsonClient({ retries: 0 }),
      breaker: { failureThreshold: 3, cooldownMs: 60_000, clock: () => now },
    });
    for (let i = 0; i < 3; i++) {
      await expect(source.fetch(now)).rejects.toThrow(
        'binance: GET /api/v3/ticker/bookTicker failed: HTTP 418',
      );
    }
    await expect(source.fetch(now)).rejects.toBeInstanceOf(CircuitOpenError);
    expect(server.requests).toHaveLength(3);
    expect(source.breaker.state).toBe('open');

    now += 60_000;
    expect(source.breaker.state).toBe('half-open');
    await expect(source.fetch(now)).rejects.toThrow('HTTP 418');
    expect(server.requests).toHaveLength(4);
    await expect(source.fetch(now)).rejects.toThrow('circuit open');
  });
});
