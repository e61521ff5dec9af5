import { KrakenSource } from './kraken.source';
import { FixtureServer, send, serveFixtures, startServer } from './testing/fixture-server';

const NOW = 1_718_200_980_000;
const PATH = '/0/public/Ticker?pair=XBTUSD,ETHUSD,LTCUSD,XMRUSD,TRXUSD,SOLUSD,AVAXUSD,USDTUSD';

describe('KrakenSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('reads USD mids under Kraken pair keys, USDT included', async () => {
    server = await serveFixtures({ [PATH]: 'kraken-ticker.json' });
    const quote = await new KrakenSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect(server.requests).toEqual([PATH]);
    expect(quote.source).toBe('kraken');
    // TRXUSD has a zero bid; XXBTZEUR is not a USD market.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '65010.05', quote: 'USD' },
      ETH: { price: '3201.505', quote: 'USD' },
      LTC: { price: '84.94', quote: 'USD' },
      XMR: { price: '160.34', quote: 'USD' },
      SOL: { price: '150.13', quote: 'USD' },
      AVAX: { price: '32.01', quote: 'USD' },
      USDT: { price: '1', quote: 'USD' },
    });
  });

  it('also accepts altname keys (XBTUSD) in the result', async () => {
    const body = {
      error: [],
      result: { XBTUSD: { a: ['65000.2', '1', '1.000'], b: ['65000.1', '1', '1.000'] } },
    };
    server = await startServer((_req, res) => send(res, 200, JSON.stringify(body)));
    const quote = await new KrakenSource({ baseUrl: server.baseUrl }).fetch(NOW);
    expect(Object.fromEntries(quote.prices)).toEqual({ BTC: { price: '65000.15', quote: 'USD' } });
  });

  it('fails on an API error listed in a 200 answer', async () => {
    server = await startServer((_req, res) => send(res, 200, '{"error":["EQuery:Unknown asset pair"]}'));
    await expect(new KrakenSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      `kraken: GET ${PATH} returned API error EQuery:Unknown asset pair`,
    );
  });
});
