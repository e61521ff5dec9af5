import { Registry } from 'prom-client';
import { registerSwapMetrics, type EngineCounts } from './swap.metrics';

const NOW = Date.UTC(2026, 0, 1, 12);

describe('registerSwapMetrics', () => {
  /** The second scrape: a failed read is counted while the first one is being written. */
  const scrape = async (counts: EngineCounts) => {
    const registry = new Registry();
    registerSwapMetrics(registry, counts, () => NOW);
    await registry.metrics();
    return registry.metrics();
  };

  it('lists every status, 0 included, and dates the outbox backlog', async () => {
    const text = await scrape({
      swapsByStatus: async () =>
        new Map([
          ['DONE', 4],
          ['NEW', 2],
        ]),
      outboxPending: async () => ({ count: 3, oldestAt: new Date(NOW - 90_000) }),
    });
    expect(text).toContain('swap_swaps{status="DONE"} 4');
    expect(text).toContain('swap_swaps{status="NEW"} 2');
    expect(text).toContain('swap_swaps{status="FAILED"} 0');
    expect(text).toContain('swap_outbox_pending 3');
    expect(text).toContain('swap_outbox_oldest_pending_age_seconds 90');
  });

  it('gives the age 0 when nothing is pending, and no number when the database cannot answer', async () => {
    const text = await scrape({
      swapsByStatus: async () => Promise.reject(new Error('connection refused')),
      outboxPending: async () => ({ count: 0, oldestAt: null }),
    });
    expect(text).toContain('swap_outbox_oldest_pending_age_seconds 0');
    expect(text).not.toMatch(/^swap_swaps\{/m);
    expect(text).toContain('swap_metrics_read_failures_total{metric="swap_swaps"} 1');
  });
});
