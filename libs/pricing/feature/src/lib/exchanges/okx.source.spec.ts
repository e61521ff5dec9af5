import { OkxSource } from './okx.source';
import { FixtureServer, send, serveFixtures, startServer } from './testing/fixture-server';

const NOW = 1_718_200_980_000;
const PATH = '/api/v5/market/tickers?instType=SPOT';

describe('OkxSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('takes USDT mids from all spot tickers, skipping crossed and one-sided books', async () => {
    server = await serveFixtures({ [PATH]: 'okx-tickers.json' });
    const quote = await new OkxSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect(server.requests).toEqual([PATH]);
    expect(quote.source).toBe('okx');
    // SOL-USDT is crossed (pre-open), AVAX-USDT has no bid.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64997.95', quote: 'USDT' },
      ETH: { price: '3201.415', quote: 'USDT' },
      LTC: { price: '84.905', quote: 'USDT' },
      TRX: { price: '0.12012', quote: 'USDT' },
    });
  });

  it('fails on a non-zero code', async () => {
    server = await startServer((_req, res) =>
      send(res, 200, '{"code":"50011","msg":"Too Many Requests","data":[]}'),
    );
    await expect(new OkxSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      `okx: GET ${PATH} returned code 50011: Too Many Requests`,
    );
  });
});
