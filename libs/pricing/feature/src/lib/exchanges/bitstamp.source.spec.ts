import { BitstampSource } from './bitstamp.source';
import { CircuitOpenError } from './circuit-breaker';
import { HttpJsonClient } from './http-json';
import { FixtureServer, send, serveFixtures, startServer } from './testing/fixture-server';

const NOW = 1_718_200_980_000;
const PATH = '/api/v2/ticker/';

// Fixture shaped as Bitstamp's v2 "ticker for all currency pairs" answer (decimal strings, one row per
// market, perpetuals included under "<BASE>/USD-PERP"), with this project's prices; no live recording
// was possible here.
describe('BitstampSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('takes USD mids of every listed coin, USDT-USD included, from all tickers in one request', async () => {
    server = await serveFixtures({ [PATH]: 'bitstamp-ticker.json' });
    const quote = await new BitstampSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect(server.requests).toEqual([PATH]);
    expect(quote.source).toBe('bitstamp');
    // Bitstamp lists no XMR or TRX; BTC/EUR, BTC/USDT and the BTC/USD-PERP perpetual are not mapped.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64996.5', quote: 'USD' },
      ETH: { price: '3201.3', quote: 'USD' },
      LTC: { price: '84.91', quote: 'USD' },
      SOL: { price: '150.12', quote: 'USD' },
      AVAX: { price: '32.01', quote: 'USD' },
      USDT: { price: '1', quote: 'USD' },
    });
  });

  it('skips crossed, zero and missing books', async () => {
    const body = [
      { pair: 'BTC/USD', bid: '64997', ask: '64996' },
      { pair: 'ETH/USD', bid: '0', ask: '3201.4' },
      { pair: 'LTC/USD', ask: '84.94' },
      { pair: 'USDT/USD', bid: '0.99995', ask: '1.00005' },
    ];
    server = await startServer((_req, res) => send(res, 200, JSON.stringify(body)));
    const quote = await new BitstampSource({ baseUrl: server.baseUrl }).fetch(NOW);
    expect(Object.fromEntries(quote.prices)).toEqual({ USDT: { price: '1', quote: 'USD' } });
  });

  it('rejects a response that is not the documented array', async () => {
    server = await startServer((_req, res) => send(res, 200, '{"message":"Not found."}'));
    await expect(new BitstampSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      `bitstamp: GET ${PATH} did not return an array of tickers`,
    );
  });

  it('times out, and a timeout counts toward its circuit breaker', async () => {
    server = await startServer(() => undefined);
    const source = new BitstampSource({
      baseUrl: server.baseUrl,
      http: new HttpJsonClient({ timeoutMs: 50, retries: 0 }),
      breaker: { failureThreshold: 2, cooldownMs: 60_000, clock: () => NOW },
    });
    for (let i = 0; i < 2; i++)
      await expect(source.fetch(NOW)).rejects.toThrow(`bitstamp: GET ${PATH} timed out after 50 ms`);
    expect(source.breaker.state).toBe('open');
    await expect(source.fetch(NOW)).rejects.toBeInstanceOf(CircuitOpenError);
  });
});
