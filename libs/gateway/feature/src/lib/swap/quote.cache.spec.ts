import type { ApiKeyInfo } from '@swap/contracts';
import { LIQUIDITY_MAX_AGE_MS, MarketFeed, PRICE_MAX_AGE_MS } from '@swap/market';
import { QuoteSwap } from './quote-swap.use-case';
import type { Body } from './request-body';
import { parseQuoteRequest } from './swap-request.parser';

describe('quotes while the market stands still', () => {
  let now: number;
  let market: MarketFeed;
  let quotes: QuoteSwap;
  const swaps = { quote: (body: Body, key: ApiKeyInfo) => quotes.execute(parseQuoteRequest(body, key)) };
  const key = { key: 'ak_test', partnerPercent: '0', fixedRateEnabled: false } as ApiKeyInfo;
  const body = { from: 'BTC', to: 'ETH', amount: '0.1' };
  const price = (coin: string, usd: string) => market.setPrice({ coin, usd, at: now, sources: [] });

  beforeEach(() => {
    now = 1_000_000;
    market = new MarketFeed(() => now);
    quotes = new QuoteSwap(market, 3600);
    price('BTC', '60000');
    price('ETH', '3000');
  });

  it('answers the same request with the same quote until the market changes', () => {
    const first = swaps.quote(body, key);
    expect(swaps.quote({ ...body }, key)).toBe(first);
    expect(swaps.quote({ ...body, amount: '0.2' }, key)).not.toBe(first);
    expect(swaps.quote(body, { ...key, partnerPercent: '0.5' })).not.toEqual(first);

    price('ETH', '2000');
    expect(swaps.quote(body, key).to.amount).toBeGreaterThan(first.to.amount);
  });

  it('prices again after liquidity or an operator setting changed', () => {
    const first = swaps.quote(body, key);
    market.setLiquidity({ code: 'ETH', available: '100000000000000000000', at: now });
    const limited = swaps.quote(body, key);
    expect(limited.to.max).not.toBe(first.to.max);
    market.setPairSettings({ from: 'BTC', to: 'ETH', enabled: false, min: null, updatedAt: now });
    expect(() => swaps.quote(body, key)).toThrow(/maintenance/i);
  });

  it('stops quoting a price the moment it is too old', () => {
    swaps.quote(body, key);
    now += PRICE_MAX_AGE_MS + 1;
    expect(() => swaps.quote(body, key)).toThrow(/pric/i);
  });

  it('stops quoting against liquidity the treasury stopped publishing, though prices keep coming', () => {
    market.setLiquidity({ code: 'ETH', available: '100000000000000000000', at: now });
    swaps.quote(body, key);
    now += LIQUIDITY_MAX_AGE_MS - PRICE_MAX_AGE_MS / 2;
    price('BTC', '60000');
    price('ETH', '3000');
    const stillFresh = swaps.quote(body, key);
    now += PRICE_MAX_AGE_MS; // the prices stay fresh, the liquidity ages out
    expect(() => swaps.quote(body, key)).toThrow('Payouts in ETH are temporarily unavailable');
    expect(stillFresh.to.max).not.toBeNull();
  });

  it('keeps refusals out: a request is checked again each time', () => {
    expect(() => swaps.quote({ ...body, amount: '0.00001' }, key)).toThrow();
    expect(() => swaps.quote({ ...body, amount: '0.00001' }, key)).toThrow();
  });
});
