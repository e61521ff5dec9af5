import { CircuitOpenError } from './circuit-breaker';
import { HttpJsonClient } from './http-json';
import { HtxSource } from './htx.source';
import { FixtureServer, send, serveFixtures, startServer } from './testing/fixture-server';

const NOW = 1_718_200_980_000;
const PATH = '/market/tickers';

// Fixture shaped as the HTX spot API reference's /market/tickers example (JSON numbers, lowercase
// symbols), with this project's prices; no live recording was possible here.
describe('HtxSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('takes USDT mids of every listed coin from all tickers in one request', async () => {
    server = await serveFixtures({ [PATH]: 'htx-tickers.json' });
    const quote = await new HtxSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect(server.requests).toEqual([PATH]);
    expect(quote.source).toBe('htx');
    // No USDT-USD market (USDT is absent); ethbtc and htxusdt are not mapped.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64998.11', quote: 'USDT' },
      ETH: { price: '3201.44', quote: 'USDT' },
      LTC: { price: '84.92', quote: 'USDT' },
      XMR: { price: '160.28', quote: 'USDT' },
      TRX: { price: '0.12015', quote: 'USDT' },
      SOL: { price: '150.12', quote: 'USDT' },
      AVAX: { price: '32.01', quote: 'USDT' },
    });
  });

  it('keeps digits a double would lose and skips crossed and zero books', async () => {
    // As HTX sends them, JSON numbers: 20 significant digits would collapse as doubles.
    const text =
      '{"status":"ok","data":[{"symbol":"btcusdt","bid":64990.123456789012345,"ask":64990.123456789012347},' +
      '{"symbol":"ethusdt","bid":3201.5,"ask":3201.4},{"symbol":"xmrusdt","bid":0,"ask":160.3}]}';
    server = await startServer((_req, res) => send(res, 200, text));
    const quote = await new HtxSource({ baseUrl: server.baseUrl }).fetch(NOW);
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64990.123456789012346', quote: 'USDT' },
    });
  });

  it('fails on an error status', async () => {
    server = await startServer((_req, res) =>
      send(
        res,
        200,
        '{"status":"error","err-code":"invalid-parameter","err-msg":"invalid symbol","data":null}',
      ),
    );
    await expect(new HtxSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      `htx: GET ${PATH} returned status error invalid-parameter: invalid symbol`,
    );
  });

  it('rejects a malformed answer', async () => {
    server = await startServer((_req, res) => send(res, 200, '{"status":"ok","data":[{"symbol":"btcusdt",'));
    await expect(new HtxSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      `htx: GET ${PATH} returned malformed JSON (HTTP 200)`,
    );
  });

  it('times out, and a timeout counts toward its circuit breaker', async () => {
    server = await startServer(() => undefined);
    const source = new HtxSource({
      baseUrl: server.baseUrl,
      http: new HttpJsonClient({ timeoutMs: 50, retries: 0 }),
      breaker: { failureThreshold: 2, cooldownMs: 60_000, clock: () => NOW },
    });
    for (let i = 0; i < 2; i++)
      await expect(source.fetch(NOW)).rejects.toThrow(`htx: GET ${PATH} timed out after 50 ms`);
    expect(source.breaker.state).toBe('open');
    await expect(source.fetch(NOW)).rejects.toBeInstanceOf(CircuitOpenError);
  });
});
