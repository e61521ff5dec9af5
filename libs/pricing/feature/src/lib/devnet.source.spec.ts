import { devnetPrices } from './devnet.source';

describe('devnet price source', () => {
  it('is deterministic for a given moment', () => {
    expect(devnetPrices(1_700_000_000_000)).toEqual(devnetPrices(1_700_000_000_000));
  });

  it('prices every coin within 0.5 % of its reference, USDT at exactly 1', () => {
    for (let t = 0; t < 1200; t += 37) {
      const prices = devnetPrices(t * 1000);
      expect(prices.get('USDT')).toEqual({ price: '1.00000000', quote: 'USD' });
      const btc = Number(prices.get('BTC')?.price);
      expect(btc).toBeGreaterThanOrEqual(65000 * 0.995);
      expect(btc).toBeLessThanOrEqual(65000 * 1.005);
    }
  });

  it('drifts over time', () => {
    expect(devnetPrices(0).get('ETH')).not.toBe(devnetPrices(120_000).get('ETH'));
  });
});
