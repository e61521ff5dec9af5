import { Registry } from 'prom-client';
import type { PriceEntry } from '@swap/contracts';
import { PriceMetrics } from './price.metrics';

const NOW = Date.UTC(2026, 0, 1, 12);

const btc: PriceEntry = {
  coin: 'BTC',
  usd: '64250.5',
  at: NOW - 12_000,
  sources: [
    { name: 'kraken', status: 'used', usd: '64250', at: NOW - 12_000 },
    { name: 'binance', status: 'used', usd: '64251', at: NOW - 2_000 },
    { name: 'okx', status: 'failed', usd: null, at: null, detail: 'timeout' },
  ],
};
const xmr: PriceEntry = {
  coin: 'XMR',
  usd: null,
  at: NOW,
  reason: 'no fresh source (2 needed)',
  sources: [
    { name: 'kraken', status: 'stale', usd: '150', at: NOW - 600_000 },
    { name: 'binance', status: 'unlisted', usd: null, at: NOW },
  ],
};

describe('PriceMetrics', () => {
  it("shows each coin's price, availability, sources by status and price age", async () => {
    const registry = new Registry();
    const metrics = new PriceMetrics(registry, () => NOW);
    metrics.record([btc, xmr]);
    const text = await registry.metrics();
    expect(text).toContain('swap_price_usd{coin="BTC"} 64250.5');
    expect(text).not.toContain('swap_price_usd{coin="XMR"}');
    expect(text).toContain('swap_price_available{coin="BTC"} 1');
    expect(text).toContain('swap_price_available{coin="XMR"} 0');
    expect(text).toContain('swap_price_sources{coin="BTC",status="used"} 2');
    expect(text).toContain('swap_price_sources{coin="BTC",status="failed"} 1');
    expect(text).toContain('swap_price_sources{coin="BTC",status="stale"} 0');
    expect(text).toContain('swap_price_sources{coin="XMR",status="stale"} 1');
    expect(text).toContain('swap_price_age_seconds{coin="BTC"} 12');
    expect(text).not.toContain('swap_price_age_seconds{coin="XMR"}');
  });

  it('drops a price that can no longer be made', async () => {
    const registry = new Registry();
    const metrics = new PriceMetrics(registry, () => NOW);
    metrics.record([btc]);
    metrics.record([{ ...btc, usd: null, reason: 'no fresh source (1 needed)' }]);
    const text = await registry.metrics();
    expect(text).not.toContain('swap_price_usd{coin="BTC"}');
    expect(text).toContain('swap_price_available{coin="BTC"} 0');
  });
});
