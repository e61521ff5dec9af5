import { quietLogger } from '@swap/domain/testing';
import type { PriceEntry } from '@swap/contracts';
import { RefreshPrices } from './price-refresher';
import { PriceRules } from './price-rules';
import { MarketMid, PriceSource } from './price-source';

/** A source whose answer the test sets; `null` makes it fail. */
class ScriptedSource implements PriceSource {
  prices: Record<string, MarketMid> | null = {};
  constructor(readonly name: string) {}
  async fetch(now: number) {
    if (this.prices === null) throw new Error(`${this.name} is down`);
    return { source: this.name, at: now, prices: new Map(Object.entries(this.prices)) };
  }
}

const usd = (price: string): MarketMid => ({ price, quote: 'USD' });
const usdt = (price: string): MarketMid => ({ price, quote: 'USDT' });

const RULES: PriceRules = {
  maxAgeMs: 30_000,
  maxDeviation: '0.02',
  minSources: (coin) => (coin === 'XMR' ? 2 : 3),
};

describe('RefreshPrices', () => {
  let now: number;
  let published: Map<string, PriceEntry>;
  const logger = quietLogger({ info: jest.fn(), warn: jest.fn() });
  const a = new ScriptedSource('a');
  const b = new ScriptedSource('b');
  const c = new ScriptedSource('c');
  const d = new ScriptedSource('d');
  let refresh: RefreshPrices;

  beforeEach(() => {
    now = 1_700_000_000_000;
    published = new Map();
    jest.clearAllMocks();
    a.prices = { USDT: usd('1'), BTC: usd('65000'), XMR: usd('160') };
    b.prices = { USDT: usd('0.999'), BTC: usd('65100'), XMR: usd('161') };
    c.prices = { USDT: usd('1.001'), BTC: usd('64900') };
    d.prices = { BTC: usdt('65050') };
    refresh = new RefreshPrices(
      [a, b, c, d],
      RULES,
      { publish: async (entry) => void published.set(entry.coin, entry) },
      logger,
      1_000,
      () => now,
    );
  });

  const entry = (coin: string) => published.get(coin) as PriceEntry;

  it('publishes the median of the fresh sources, USDT markets converted through the USDT-USD median', async () => {
    d.prices = { BTC: usdt('65050') };
    a.prices = { ...a.prices, USDT: usd('1.002') };
    await refresh.execute();

    // USDT: median of 1.002, 0.999, 1.001 = 1.001; d's 65050 USDT = 65115.05 USD.
    expect(entry('USDT')).toMatchObject({ coin: 'USDT', usd: '1.001', at: now });
    expect(entry('BTC')).toEqual({
      coin: 'BTC',
      // median of 64900, 65000, 65100, 65115.05
      usd: '65050',
      at: now,
      sources: [
        { name: 'a', status: 'used', usd: '65000', at: now },
        { name: 'b', status: 'used', usd: '65100', at: now },
        { name: 'c', status: 'used', usd: '64900', at: now },
        { name: 'd', status: 'used', usd: '65115.05', at: now },
      ],
    });
  });

  it('drops an outlier instead of averaging it in', async () => {
    d.prices = { BTC: usdt('70000') };
    await refresh.execute();

    // First median 65050 (of 64900, 65000, 65100, 70000); 70000 is 7.6 % away; then the median of the rest.
    expect(entry('BTC').usd).toBe('65000');
    expect(entry('BTC').sources[3]).toEqual({
      name: 'd',
      status: 'outlier',
      usd: '70000',
      at: now,
      detail: '7.60 % from the median',
    });
  });

  it('refuses a coin with fewer agreeing fresh sources than its minimum, and says why', async () => {
    c.prices = { USDT: usd('1.001') };
    d.prices = { BTC: usdt('80000') };
    await refresh.execute();

    expect(entry('BTC')).toMatchObject({
      usd: null,
      reason: '2 fresh sources within 2 % of the median, 3 needed',
    });
    expect(entry('BTC').sources.map((s) => s.status)).toEqual(['used', 'used', 'unlisted', 'outlier']);
    // XMR is configured to need only two.
    expect(entry('XMR').usd).toBe('160.5');
    expect(logger.warn).toHaveBeenCalledWith(
      { coin: 'BTC', reason: '2 fresh sources within 2 % of the median, 3 needed' },
      'coin cannot be priced: quotes refused',
    );
  });

  it('cannot convert USDT markets without a USDT-USD price', async () => {
    a.prices = { BTC: usd('65000') };
    b.prices = { BTC: usd('65100') };
    c.prices = { BTC: usd('64900') };
    await refresh.execute();

    expect(entry('USDT')).toMatchObject({ usd: null, reason: 'no fresh source (3 needed)' });
    expect(entry('BTC').usd).toBe('65000');
    expect(entry('BTC').sources[3]).toEqual({
      name: 'd',
      status: 'failed',
      usd: null,
      at: now,
      detail: 'no USDT-USD price to convert with',
    });
  });

  it("keeps a failing source's prices while they are fresh, then marks them stale, and recovers when it is back", async () => {
    await refresh.execute();
    const firstAt = now;
    c.prices = null;
    now += 20_000;
    await refresh.execute();
    // c's answer from 20 s ago still counts; the price is as old as its oldest data.
    expect(entry('BTC')).toMatchObject({ usd: '65025', at: firstAt });
    expect(entry('BTC').sources[2]).toMatchObject({ name: 'c', status: 'used', at: firstAt });

    b.prices = null;
    now += 10_000;
    await refresh.execute();
    // 30 s on, b and c are stale: only a and d remain for BTC.
    expect(entry('BTC')).toMatchObject({ usd: null, at: now });
    expect(entry('BTC').sources[2]).toEqual({
      name: 'c',
      status: 'stale',
      usd: '64900',
      at: firstAt,
      detail: 'c is down',
    });
    expect(entry('USDT').usd).toBeNull();

    b.prices = { USDT: usd('0.999'), BTC: usd('65100'), XMR: usd('161') };
    c.prices = { USDT: usd('1.001'), BTC: usd('64900') };
    now += 1_000;
    await refresh.execute();
    expect(entry('BTC')).toMatchObject({ usd: '65025', at: now });
    expect(logger.info).toHaveBeenCalledWith({ coin: 'BTC', usd: '65025' }, 'coin priced again');
  });

  it('reports a source that never answered as failed, and one that hangs past the deadline', async () => {
    const hanging: PriceSource = { name: 'slow', fetch: () => new Promise(() => undefined) };
    a.prices = null;
    refresh = new RefreshPrices(
      [a, b, c, hanging],
      RULES,
      { publish: async (e) => void published.set(e.coin, e) },
      logger,
      50,
      () => now,
    );
    await refresh.execute();

    expect(entry('BTC').sources).toEqual([
      { name: 'a', status: 'failed', usd: null, at: null, detail: 'a is down' },
      { name: 'b', status: 'used', usd: '65100', at: now },
      { name: 'c', status: 'used', usd: '64900', at: now },
      { name: 'slow', status: 'failed', usd: null, at: null, detail: 'no answer within 50 ms' },
    ]);
    expect(logger.warn).toHaveBeenCalledWith(
      { source: 'slow', error: 'no answer within 50 ms' },
      'price source failed',
    );
  });
});
