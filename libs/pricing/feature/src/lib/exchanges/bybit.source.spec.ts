import { BybitSource } from './bybit.source';
import { FixtureServer, send, serveFixtures, startServer } from './testing/fixture-server';

const NOW = 1_718_200_980_000;
const PATH = '/v5/market/tickers?category=spot';

describe('BybitSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('takes USDT mids from all spot tickers', async () => {
    server = await serveFixtures({ [PATH]: 'bybit-tickers.json' });
    const quote = await new BybitSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect(server.requests).toEqual([PATH]);
    expect(quote.source).toBe('bybit');
    // AVAXUSDT has an empty book.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64998.55', quote: 'USDT' },
      ETH: { price: '3201.445', quote: 'USDT' },
      LTC: { price: '84.93', quote: 'USDT' },
      TRX: { price: '0.12015', quote: 'USDT' },
      SOL: { price: '150.115', quote: 'USDT' },
    });
  });

  it('fails on a non-zero retCode', async () => {
    server = await startServer((_req, res) =>
      send(res, 200, '{"retCode":10006,"retMsg":"Too many visits!"}'),
    );
    await expect(new BybitSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      `bybit: GET ${PATH} returned retCode 10006: Too many visits!`,
    );
  });
});
