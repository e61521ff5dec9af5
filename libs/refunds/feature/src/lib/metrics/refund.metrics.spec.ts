import { Registry } from 'prom-client';
import { registerRefundMetrics } from './refund.metrics';

const NOW = Date.UTC(2026, 0, 1, 12);

describe('registerRefundMetrics', () => {
  it('shows each network, 0 included, with how long its oldest unsettled refund has waited', async () => {
    const registry = new Registry();
    registerRefundMetrics(
      registry,
      { unsettled: async () => [{ network: 'LTC', count: 2, oldestAt: new Date(NOW - 1_800_000) }] },
      () => NOW,
    );
    const text = await registry.metrics();
    expect(text).toContain('swap_refunds_unsettled{network="LTC"} 2');
    expect(text).toContain('swap_refunds_unsettled{network="BTC"} 0');
    expect(text).toContain('swap_refunds_oldest_unsettled_age_seconds{network="LTC"} 1800');
    expect(text).toContain('swap_refunds_oldest_unsettled_age_seconds{network="XMR"} 0');
  });
});
