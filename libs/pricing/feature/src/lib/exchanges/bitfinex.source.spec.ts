import { BitfinexSource } from './bitfinex.source';
import { FixtureServer, send, serveFixtures, startServer } from './testing/fixture-server';

const NOW = 1_718_200_980_000;
const PATH = '/v2/tickers?symbols=tBTCUSD,tETHUSD,tLTCUSD,tXMRUSD,tTRXUSD,tSOLUSD,tAVAX:USD,tUSTUSD';

describe('BitfinexSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('reads USD mids from JSON numbers without float rounding, Tether as tUSTUSD', async () => {
    server = await serveFixtures({ [PATH]: 'bitfinex-tickers.json' });
    const quote = await new BitfinexSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect(server.requests).toEqual([PATH]);
    expect(quote.source).toBe('bitfinex');
    // tAVAX:USD has a zero bid; tBTCUST and the funding ticker fUSD are not mapped.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64995', quote: 'USD' },
      ETH: { price: '3201.25', quote: 'USD' },
      LTC: { price: '84.92', quote: 'USD' },
      XMR: { price: '160.35', quote: 'USD' },
      TRX: { price: '0.12015', quote: 'USD' },
      SOL: { price: '150.15', quote: 'USD' },
      USDT: { price: '0.999875', quote: 'USD' },
    });
  });

  it('keeps digits a double would lose', async () => {
    // Both prices have 20 significant digits: as doubles they would collapse to the same value.
    server = await startServer((_req, res) =>
      send(res, 200, '[["tBTCUSD",64990.123456789012345,1,64990.123456789012347,1,0,0,0,0,0,0]]'),
    );
    const quote = await new BitfinexSource({ baseUrl: server.baseUrl }).fetch(NOW);
    expect(quote.prices.get('BTC')).toEqual({ price: '64990.123456789012346', quote: 'USD' });
  });

  it('fails on an error array', async () => {
    server = await startServer((_req, res) => send(res, 200, '["error",10020,"symbol: invalid"]'));
    await expect(new BitfinexSource({ baseUrl: server.baseUrl }).fetch(NOW)).rejects.toThrow(
      `bitfinex: GET ${PATH} returned API error 10020 symbol: invalid`,
    );
  });
});
