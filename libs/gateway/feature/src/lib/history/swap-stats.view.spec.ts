import type { PairTotals } from '@swap/gateway-data';
import { renderPairStats } from './swap-stats.view';

const totals = (overrides: Partial<PairTotals>): PairTotals => ({
  from: 'BTC',
  to: 'ETH',
  total: 0,
  done: 0,
  refunded: 0,
  expired: 0,
  failed: 0,
  deposited: 0n,
  paid: 0n,
  ...overrides,
});

describe('per-key statistics, per pair', () => {
  it('counts what is still under way and writes amounts with the currency precision (D6)', () => {
    const [line] = renderPairStats(
      [
        totals({
          total: 7,
          done: 2,
          refunded: 1,
          expired: 2,
          failed: 1,
          deposited: 123_456_789n,
          paid: 10n ** 18n + 5n,
        }),
      ],
      [],
    );
    expect(line).toEqual({
      from: 'BTC',
      to: 'ETH',
      swaps: { total: 7, done: 2, refunded: 1, expired: 2, failed: 1, inProgress: 1 },
      sent: '1.23456789',
      received: '1.00000000', // wei below ETH's 8 places are not shown
      partnerFee: '0.00000000',
    });
  });

  it("puts each partner total into the pair it was kept for, in the pair's to-currency", () => {
    const lines = renderPairStats(
      [
        totals({ total: 2 }),
        totals({ from: 'ETH', to: 'BTC', total: 1 }),
        totals({ from: 'LTC', to: 'XMR' }),
      ],
      [
        { from: 'BTC', currency: 'ETH', amount: '1500000000000001' },
        { from: 'ETH', currency: 'BTC', amount: '1234' },
        { from: 'ETH', currency: 'ETH', amount: '99' }, // not a pair's fee currency
        { from: 'SOL', currency: 'BTC', amount: '1' }, // no swap of that pair in the read model
      ],
    );
    expect(lines.map((line) => [line.from, line.to, line.partnerFee])).toEqual([
      ['BTC', 'ETH', '0.00150000'],
      ['ETH', 'BTC', '0.00001234'],
      ['LTC', 'XMR', '0.00000000'],
    ]);
  });

  it('keeps amounts exact beyond what a JS number holds', () => {
    const [line] = renderPairStats(
      [totals({ from: 'LTC', to: 'ETH', total: 1 })],
      [{ from: 'LTC', currency: 'ETH', amount: '123456789012345678901234567' }],
    );
    expect(line.partnerFee).toBe('123456789.01234567');
  });
});
