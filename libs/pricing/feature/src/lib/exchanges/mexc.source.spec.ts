import { CircuitOpenError } from './circuit-breaker';
import { HttpJsonClient } from './http-json';
import { MexcSource } from './mexc.source';
import { FixtureServer, send, serveFixtures, startServer } from './testing/fixture-server';

const NOW = 1_718_200_980_000;
const PATH = '/api/v3/ticker/bookTicker';

// Fixture shaped as the MEXC spot v3 reference's "Order Book Ticker" answer without a symbol (an
// array of decimal-string books), with this project's prices; no live recording was possible here.
describe('MexcSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('takes USDT mids of every listed coin from the bulk book ticker in one request', async () => {
    server = await serveFixtures({ [PATH]: 'mexc-book-ticker.json' });
    const quote = await new MexcSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect(server.requests).toEqual([PATH]);
    expect(quote.source).toBe('mexc');
    // No USDT-USD market (USDT is absent; USDCUSDT is not one); MXUSDT and ETHBTC are not mapped.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64998.6', quote: 'USDT' },
      ETH: { price: '3201.47', quote: 'USDT' },
      LTC: { price: '84.91', quote: 'USDT' },
      XMR: { price: '160.22', quote: 'USDT' },
      TRX: { price: '0.12015', quote: 'USDT' },
      SOL: { price: '150.1', quote: 'USDT' },
      AVAX: { price: '32', quote: 'USDT' },
    });
  });

  it('skips crossed, zero and numeric books', async () => {
    const body = [
      { symbol: 'BTCUSDT', bidPrice: '64998.7', askPrice: '64998.6' },
      { symbol: 'ETHUSDT', bidPrice: '0.00', askPrice: '3201.48' },
      { symbol: 'XMRUSDT', bidPrice: 160.21, askPrice: 160.23 },
      { symbol: 'LTCUSDT', bidPrice: '84.90', askPrice: '84.92' },
    ];
    server = await startServer((_req, res) => send(res, 200, JSON.stringify(body)));
    const quote = await new MexcSource({ baseUrl: server.baseUrl }).fetch(NOW);
    expect(Object.fromEntries(quote.prices)).toEqual({ LTC: { price: '84.91', quote: 'USDT' } });
  });

  it('rejects a response that is not the documented array', async () => {
    server = await startServer((_req, res) => send(res, 200, '{"code":-1121,"msg":"Invalid symbol."}'));
    await expect(new MexcSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      `mexc: GET ${PATH} did not return an array of tickers`,
    );
  });

  it('times out, and a timeout counts toward its circuit breaker', async () => {
    server = await startServer(() => undefined);
    const source = new MexcSource({
      baseUrl: server.baseUrl,
      http: new HttpJsonClient({ timeoutMs: 50, retries: 0 }),
      breaker: { failureThreshold: 2, cooldownMs: 60_000, clock: () => NOW },
    });
    for (let i = 0; i < 2; i++)
      await expect(source.fetch(NOW)).rejects.toThrow(`mexc: GET ${PATH} timed out after 50 ms`);
    expect(source.breaker.state).toBe('open');
    await expect(source.fetch(NOW)).rejects.toBeInstanceOf(CircuitOpenError);
  });
});
