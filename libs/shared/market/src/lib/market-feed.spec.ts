import { creditingMarket } from './crediting-market';
import { LIQUIDITY_MAX_AGE_MS, MarketFeed, PRICE_MAX_AGE_MS } from './market-feed';
import { priceSwap } from './price-swap';

describe('MarketFeed.freshPrices', () => {
  let now: number;
  let feed: MarketFeed;
  const price = (coin: string, usd: string, at: number) => ({ coin, usd, at, sources: [] });

  beforeEach(() => {
    now = 1_000_000;
    feed = new MarketFeed(() => now);
  });

  it('shares one frozen snapshot until a price changes', () => {
    feed.setPrice(price('BTC', '60000', now));
    const first = feed.freshPrices();
    expect(first).toEqual({ BTC: '60000' });
    expect(Object.isFrozen(first)).toBe(true);
    now += 1_000;
    expect(feed.freshPrices()).toBe(first);
    feed.setPrice(price('BTC', '61000', now));
    expect(feed.freshPrices()).toEqual({ BTC: '61000' });
    feed.deletePrice('BTC');
    expect(feed.freshPrices()).toEqual({});
  });

  it('drops a price the moment it is too old, as without the snapshot', () => {
    feed.setPrice(price('BTC', '60000', now));
    feed.setPrice(price('ETH', '3000', now - 10_000));
    expect(feed.freshPrices()).toEqual({ BTC: '60000', ETH: '3000' });
    now += PRICE_MAX_AGE_MS - 10_000;
    expect(feed.freshPrices()).toEqual({ BTC: '60000', ETH: '3000' });
    now += 1;
    expect(feed.freshPrices()).toEqual({ BTC: '60000' });
    now += 10_000;
    expect(feed.freshPrices()).toEqual({});
  });

  it('recomputes when the clock goes back', () => {
    feed.setPrice(price('BTC', '60000', now - PRICE_MAX_AGE_MS - 1));
    expect(feed.freshPrices()).toEqual({});
    now -= 5;
    expect(feed.freshPrices()).toEqual({ BTC: '60000' });
  });
});

describe('liquidity the treasury stopped publishing', () => {
  let now = 1_000_000;
  const feed = new MarketFeed(() => now);
  const request = {
    from: 'BTC',
    to: 'ETH',
    type: 'float',
    direction: 'from',
    amount: 10_000_000n,
    partnerPercent: '0',
  } as const;

  beforeAll(() => {
    for (const [coin, usd] of [
      ['BTC', '60000'],
      ['ETH', '3000'],
    ])
      feed.setPrice({ coin, usd, at: now, sources: [] });
    feed.setLiquidity({ code: 'ETH', available: '5000000000000000000', at: now });
  });

  it('quotes and credits against it while it is recent, and refuses both once it is too old', () => {
    expect(priceSwap(feed, request).max).not.toBeNull();
    expect(creditingMarket(feed, 'BTC', 'ETH').payoutAvailable).toBe(5_000_000_000_000_000_000n);

    now += LIQUIDITY_MAX_AGE_MS + 1;
    for (const code of ['BTC', 'ETH'])
      feed.setPrice({ coin: code, usd: code === 'BTC' ? '60000' : '3000', at: now, sources: [] });

    expect(feed.liquidityFresh('ETH')).toBe(false);
    expect(() => priceSwap(feed, request)).toThrow('Payouts in ETH are temporarily unavailable');
    expect(() => creditingMarket(feed, 'BTC', 'ETH')).toThrow('Payouts in ETH are temporarily unavailable');
    // A currency the treasury never spoke of yet has no limit to distrust.
    expect(feed.liquidityFresh('SOL')).toBe(true);
  });
});
