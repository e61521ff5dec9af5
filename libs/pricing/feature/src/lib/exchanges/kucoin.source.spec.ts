import { KucoinSource } from './kucoin.source';
import { FixtureServer, send, serveFixtures, startServer } from './testing/fixture-server';

const NOW = 1_718_200_980_000;
const PATH = '/api/v1/market/allTickers';

describe('KucoinSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('takes USDT mids (buy = bid, sell = ask) from all tickers', async () => {
    server = await serveFixtures({ [PATH]: 'kucoin-all-tickers.json' });
    const quote = await new KucoinSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect(server.requests).toEqual([PATH]);
    expect(quote.source).toBe('kucoin');
    // AVAX-USDT has buy: null.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64997.25', quote: 'USDT' },
      ETH: { price: '3201.395', quote: 'USDT' },
      LTC: { price: '84.9', quote: 'USDT' },
      XMR: { price: '160.155', quote: 'USDT' },
      TRX: { price: '0.120127', quote: 'USDT' },
      SOL: { price: '150.1025', quote: 'USDT' },
    });
  });

  it('fails on an error code', async () => {
    server = await startServer((_req, res) => send(res, 200, '{"code":"429000","msg":"Too Many Requests"}'));
    await expect(new KucoinSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      `kucoin: GET ${PATH} returned code 429000: Too Many Requests`,
    );
  });
});
