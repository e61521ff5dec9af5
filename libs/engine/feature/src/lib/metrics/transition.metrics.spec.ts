import { Registry } from 'prom-client';
import type { Swap, SwapStatus } from '@swap/domain';
import { statusChanges, TransitionMetrics } from './transition.metrics';

const swap = (status: SwapStatus, dryrun = false) => ({ status, dryrun }) as Swap;

async function counts(registry: Registry): Promise<Record<string, number>> {
  const metric = await registry.getSingleMetric('swap_transitions_total')?.get();
  return Object.fromEntries((metric?.values ?? []).map((v) => [`${v.labels.from}>${v.labels.to}`, v.value]));
}

describe('TransitionMetrics', () => {
  it('counts status changes of real swaps, not changes within a status nor dry-runs', async () => {
    const registry = new Registry();
    const metrics = new TransitionMetrics(registry);
    metrics.committed(swap('NEW'), swap('PENDING'));
    metrics.committed(swap('NEW'), swap('PENDING'));
    metrics.committed(swap('PENDING'), swap('PENDING'));
    metrics.committed(swap('NEW', true), swap('PENDING', true));
    metrics.committed(swap('SENDING'), swap('FAILED'));
    const seen = await counts(registry);
    expect(seen['NEW>PENDING']).toBe(2);
    expect(seen['SENDING>FAILED']).toBe(1);
    expect(seen['PENDING>PENDING']).toBeUndefined();
  });

  it('starts every change the table allows at 0, so the first FAILED shows in increase()', async () => {
    const seen = await counts(
      (() => {
        const registry = new Registry();
        new TransitionMetrics(registry);
        return registry;
      })(),
    );
    expect(seen).toMatchObject({
      'NEW>PENDING': 0,
      'PENDING>CONFIRMING': 0,
      'CONFIRMING>EXCHANGING': 0,
      'NEW>EXPIRED': 0,
      'EXCHANGING>FAILED': 0,
    });
    expect(Object.values(seen).every((value) => value === 0)).toBe(true);
  });
});

describe('statusChanges', () => {
  it('lists each pair once, never a status to itself', () => {
    const pairs = statusChanges().map(({ from, to }) => `${from}>${to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(statusChanges().some(({ from, to }) => from === to)).toBe(false);
    expect(pairs).toEqual(expect.arrayContaining(['SENDING>DONE', 'REFUNDING>REFUNDED', 'PENDING>NEW']));
  });
});
