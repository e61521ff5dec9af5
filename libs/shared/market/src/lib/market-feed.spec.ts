import { MarketFeed, PRICE_MAX_AGE_MS } from './market-feed';

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
