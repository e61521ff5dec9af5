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

  it("adds up each swap's partner share into its own pair, in the pair's to-currency", () => {
    const lines = renderPairStats(
      [totals({ total: 2 }), totals({ from: 'ETH', to: 'BTC', total: 1 })],
      [
        { id: 'Swap000001', from: 'BTC', to: 'ETH' },
        { id: 'Swap000002', from: 'BTC', to: 'ETH' },
        { id: 'Swap000003', from: 'ETH', to: 'BTC' },
      ],
      [
        { swapId: 'Swap000001', currency: 'ETH', amount: '600000000000000' },
        { swapId: 'Swap000002', currency: 'ETH', amount: '900000000000001' },
        { swapId: 'Swap000003', currency: 'BTC', amount: '1234' },
        { swapId: 'Swap000003', currency: 'ETH', amount: '99' }, // not the pair's fee currency
        { swapId: 'Unknown001', currency: 'ETH', amount: '1' }, // not one of the range's swaps
      ],
    );
    expect(lines.map((line) => [line.from, line.to, line.partnerFee])).toEqual([
      ['BTC', 'ETH', '0.00150000'],
      ['ETH', 'BTC', '0.00001234'],
    ]);
  });
});
