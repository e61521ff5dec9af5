import { Registry } from 'prom-client';
import type { TransferGroup } from '@swap/treasury-data';
import { oldestUnsettled, registerTransferMetrics } from './transfer.metrics';

const NOW = Date.UTC(2026, 0, 1, 12);
const ago = (seconds: number) => new Date(NOW - seconds * 1000);

const GROUPS: TransferGroup[] = [
  { kind: 'payout', state: 'CONFIRMED', count: 40, oldestAt: ago(86_400) },
  { kind: 'payout', state: 'BROADCAST', count: 2, oldestAt: ago(600) },
  { kind: 'payout', state: 'PLANNED', count: 1, oldestAt: ago(30) },
  { kind: 'sweep', state: 'FAILED', count: 1, oldestAt: ago(7_200) },
  { kind: 'refund', state: 'SIGNED', count: 1, oldestAt: ago(90) },
  { kind: 'gas', state: 'HELD', count: 1, oldestAt: ago(45) },
];

describe('oldestUnsettled', () => {
  it("takes each kind's oldest transfer neither confirmed nor failed, 0 when there is none", () => {
    const ages = oldestUnsettled(GROUPS, NOW);
    expect(ages.get('payout')).toBe(600);
    expect(ages.get('refund')).toBe(90);
    expect(ages.get('sweep')).toBe(0);
    // Held for an operator: not settled either.
    expect(ages.get('gas')).toBe(45);
    expect(ages.get('undelegate')).toBe(0);
  });
});

describe('registerTransferMetrics', () => {
  it('lists every kind and state, 0 included, and the ages', async () => {
    const registry = new Registry();
    registerTransferMetrics(registry, { countByKindAndState: async () => GROUPS }, () => NOW);
    const text = await registry.metrics();
    expect(text).toContain('swap_transfers{kind="payout",state="CONFIRMED"} 40');
    expect(text).toContain('swap_transfers{kind="payout",state="BROADCAST"} 2');
    expect(text).toContain('swap_transfers{kind="gas",state="FAILED"} 0');
    expect(text).toContain('swap_transfers{kind="gas",state="HELD"} 1');
    expect(text).toContain('swap_transfers{kind="payout",state="HELD"} 0');
    expect(text.match(/^swap_transfers\{/gm)).toHaveLength(6 * 6);
    expect(text).toContain('swap_transfers_oldest_unsettled_age_seconds{kind="payout"} 600');
    expect(text).toContain('swap_transfers_oldest_unsettled_age_seconds{kind="sweep"} 0');
  });
});
