import { quietLogger } from '@swap/domain/testing';
import { Registry } from 'prom-client';
import { PRICED_COINS } from './coins';
import { PriceMetrics } from './metrics/price.metrics';
import { pricesReadiness, refreshSilenceLimitMs } from './price-readiness';
import { RefreshPrices } from './price-refresher';
import type { PriceRules } from './price-rules';
import type { MarketMid, PriceSource } from './price-source';

const T0 = Date.UTC(2026, 0, 1, 12);
const PRICES: Record<string, string> = {
  USDT: '1',
  BTC: '65000',
  ETH: '3200',
  LTC: '80',
  XMR: '160',
  TRX: '0.12',
  SOL: '150',
  AVAX: '35',
};

/** A source quoting every coin in USD; `down` makes it fail, `without` drops coins from it. */
class ScriptedSource implements PriceSource {
  down = false;
  without = new Set<string>();
  constructor(readonly name: string) {}
  async fetch(now: number) {
    if (this.down) throw new Error(`https://api.${this.name}.example/ticker?key=secret refused`);
    const prices = new Map<string, MarketMid>(
      PRICED_COINS.filter((coin) => !this.without.has(coin)).map((coin) => [
        coin,
        { price: PRICES[coin], quote: 'USD' },
      ]),
    );
    return { source: this.name, at: now, prices };
  }
}

const RULES: PriceRules = { maxAgeMs: 30_000, maxDeviation: '0.02', minSources: () => 2 };
const REFRESH_MS = 10_000;
const LIMIT_MS = refreshSilenceLimitMs(REFRESH_MS);

describe('pricing readiness', () => {
  let now: number;
  let a: ScriptedSource;
  let b: ScriptedSource;
  let metrics: PriceMetrics;
  let refresh: () => Promise<void>;
  const readiness = () => pricesReadiness(metrics.lastRefresh(), now, LIMIT_MS);

  beforeEach(() => {
    now = T0;
    a = new ScriptedSource('a');
    b = new ScriptedSource('b');
    metrics = new PriceMetrics(new Registry(), () => now);
    const prices = new RefreshPrices(
      [a, b],
      RULES,
      { publish: async () => undefined },
      quietLogger({ info: () => undefined, warn: () => undefined }),
      1_000,
      () => now,
    );
    refresh = async () => metrics.record(await prices.execute());
  });

  it('allows three refreshes or 30 s, whichever is longer', () => {
    expect(refreshSilenceLimitMs(1_000)).toBe(30_000);
    expect(refreshSilenceLimitMs(20_000)).toBe(60_000);
  });

  it('is not ready before the first refresh, and ready once every coin is priced', async () => {
    expect(readiness()).toEqual({ ready: false, reason: 'no refresh has priced the coins yet' });
    await refresh();
    expect(readiness()).toBe(true);
  });

  it('lists the coins without a price, in the rules’ words, and turns ready when they are priced again', async () => {
    await refresh();
    a.without = new Set(['XMR', 'TRX']);
    now += REFRESH_MS;
    await refresh();
    expect(readiness()).toEqual({
      ready: false,
      reason:
        'no price for XMR (1 fresh source within 2 % of the median, 2 needed), TRX (1 fresh source within 2 % of the median, 2 needed)',
    });
    a.without = new Set();
    now += REFRESH_MS;
    await refresh();
    expect(readiness()).toBe(true);
  });

  it('says no coin has a price once every source failed past freshness, without their errors', async () => {
    await refresh();
    a.down = true;
    b.down = true;
    for (let i = 0; i < 3; i++) {
      now += REFRESH_MS;
      await refresh();
    }
    // 30 s after their last answers, the sources are stale: nothing is priced.
    const result = readiness();
    expect(result).toEqual({ ready: false, reason: expect.stringMatching(/^no coin has a price: USDT \(/) });
    expect(JSON.stringify(result)).not.toContain('secret');

    a.down = false;
    b.down = false;
    now += REFRESH_MS;
    await refresh();
    expect(readiness()).toBe(true);
  });

  it('is not ready when refreshes stop landing', async () => {
    await refresh();
    now += LIMIT_MS;
    expect(readiness()).toEqual({
      ready: false,
      reason: `no refresh has landed since ${new Date(T0).toISOString()} (30 s)`,
    });
  });
});
