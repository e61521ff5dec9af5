import { Market, TopOfBook, collectMids, midPrice } from './mid-price';

describe('midPrice', () => {
  it.each([
    ['64998.10', '64998.20', '64998.15'],
    ['64998.1', '64998.11', '64998.105'],
    ['1', '2', '1.5'],
    ['0.99990', '1.0001', '1'],
    ['0.12010000', '0.12020000', '0.12015'],
    ['100', '100', '100'],
    ['0.000000123', '0.000000124', '0.0000001235'],
    ['1.5e-7', '1.6e-7', '0.000000155'],
    ['99999999999999999999.99', '99999999999999999999.98', null],
    ['99999999999999999999.98', '99999999999999999999.99', '99999999999999999999.985'],
  ])('mid of %s / %s is %s', (bid, ask, mid) => {
    expect(midPrice(bid, ask)).toBe(mid);
  });

  it.each([
    [undefined, '1'],
    ['1', null],
    ['', '1'],
    ['0', '1'],
    ['0.00000000', '1'],
    ['1', '0'],
    ['-1', '1'],
    ['abc', '1'],
    ['1.01', '1.00'],
  ])('skips bid %p / ask %p', (bid, ask) => {
    expect(midPrice(bid, ask)).toBeNull();
  });

  it('never accepts JavaScript numbers', () => {
    expect(midPrice(1, 2)).toBeNull();
  });

  it('truncates beyond 18 decimals', () => {
    expect(midPrice('0.000000000000000001', '0.000000000000000002')).toBe('0.000000000000000001');
  });
});

describe('collectMids', () => {
  const books = (entries: Record<string, TopOfBook>) => new Map(Object.entries(entries));

  it('takes the first usable market of each coin in preference order', () => {
    const markets: Market[] = [
      { coin: 'BTC', symbol: 'BTC-USD', quote: 'USD' },
      { coin: 'BTC', symbol: 'BTC-USDT', quote: 'USDT' },
      { coin: 'ETH', symbol: 'ETH-USD', quote: 'USD' },
      { coin: 'ETH', symbol: 'ETH-USDT', quote: 'USDT' },
    ];
    const mids = collectMids(
      markets,
      books({
        'BTC-USD': { bid: '65000', ask: '65001' },
        'BTC-USDT': { bid: '65010', ask: '65011' },
        'ETH-USD': { bid: '3201', ask: '3200' },
        'ETH-USDT': { bid: '3202', ask: '3203' },
      }),
    );
    expect(Object.fromEntries(mids)).toEqual({
      BTC: { price: '65000.5', quote: 'USD' },
      ETH: { price: '3202.5', quote: 'USDT' },
    });
  });

  it('prices USDT only from a USD market', () => {
    const markets: Market[] = [
      { coin: 'USDT', symbol: 'USDT-USDT', quote: 'USDT' },
      { coin: 'USDT', symbol: 'USDT-USD', quote: 'USD' },
    ];
    const book = { bid: '0.9999', ask: '1.0001' };
    expect(Object.fromEntries(collectMids(markets, books({ 'USDT-USDT': book })))).toEqual({});
    expect(Object.fromEntries(collectMids(markets, books({ 'USDT-USDT': book, 'USDT-USD': book })))).toEqual({
      USDT: { price: '1', quote: 'USD' },
    });
  });
});
