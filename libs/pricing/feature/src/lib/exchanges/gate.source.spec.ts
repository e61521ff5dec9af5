import { GateSource } from './gate.source';
import { FixtureServer, serveFixtures } from './testing/fixture-server';

const NOW = 1_718_200_980_000;
const PATH = '/api/v4/spot/tickers';

describe('GateSource', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('takes USDT mids from all spot tickers', async () => {
    server = await serveFixtures({ [PATH]: 'gate-tickers.json' });
    const quote = await new GateSource({ baseUrl: server.baseUrl }).fetch(NOW);

    expect(server.requests).toEqual([PATH]);
    expect(quote.source).toBe('gate');
    // LTC_USDT has an empty highest_bid.
    expect(Object.fromEntries(quote.prices)).toEqual({
      BTC: { price: '64998.35', quote: 'USDT' },
      ETH: { price: '3201.435', quote: 'USDT' },
      XMR: { price: '160.25', quote: 'USDT' },
      TRX: { price: '0.120145', quote: 'USDT' },
      SOL: { price: '150.1', quote: 'USDT' },
      AVAX: { price: '32.005', quote: 'USDT' },
    });
  });
});
