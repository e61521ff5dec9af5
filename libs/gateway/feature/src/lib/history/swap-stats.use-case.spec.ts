import type { ApiKeyInfo, PartnerFeeTotal } from '@swap/contracts';
import type { PairTotals, SwapRangeQuery } from '@swap/gateway-data';
import { parseStatsRequest, type StatsRange } from './list-filter';
import type { PartnerFeeLedger } from './partner-fees.client';
import { SwapStats } from './swap-stats.use-case';
import { swapStatsView } from './swap-stats.view';

const KEY = { key: 'ak_stats' } as ApiKeyInfo;
const BODY = { since: 1_764_000_000, until: 1_764_086_400 };
const RANGE: StatsRange = { apiKey: KEY.key, ...BODY };

const pair = (overrides: Partial<PairTotals>): PairTotals => ({
  from: 'LTC',
  to: 'BTC',
  total: 1,
  done: 1,
  refunded: 0,
  expired: 0,
  failed: 0,
  deposited: 100n,
  paid: 7n,
  ...overrides,
});

/** The read model's aggregate and the treasury's, each recording what it was asked. */
function statsOver(totals: PairTotals[], fees: PartnerFeeTotal[]) {
  const asked = { history: [] as SwapRangeQuery[], treasury: [] as StatsRange[] };
  const history = {
    totalsByPair: async (range: SwapRangeQuery) => {
      asked.history.push(range);
      return totals;
    },
  };
  const ledger: PartnerFeeLedger = {
    earned: async (range) => {
      asked.treasury.push(range);
      return fees;
    },
  };
  return { stats: new SwapStats(history, ledger), asked };
}

describe('per-key statistics: one aggregate on each side', () => {
  it.each([
    [1, '3', '0.00000003'],
    [1_000, '3000', '0.00003000'],
    [1_000_000, '3000000', '0.03000000'],
  ])('asks the treasury once for the range, whatever the number of swaps (%i)', async (swaps, fee, shown) => {
    const { stats, asked } = statsOver(
      [pair({ total: swaps, done: swaps, deposited: BigInt(swaps) * 100n })],
      [{ from: 'LTC', currency: 'BTC', amount: fee }],
    );
    const view = await stats.execute(RANGE);
    const range = { apiKey: KEY.key, ...BODY };
    expect(asked).toEqual({ history: [range], treasury: [range] });
    expect(view.pairs[0]).toMatchObject({ swaps: { total: swaps }, partnerFee: shown });
    expect(swapStatsView.parse(view)).toEqual(view); // the declared shape, the OpenAPI SwapStats
  });

  it('does not ask the treasury when no money came in over the range', async () => {
    const { stats, asked } = statsOver([pair({ done: 0, deposited: 0n, paid: 0n })], []);
    const view = await stats.execute(RANGE);
    expect(asked.treasury).toEqual([]);
    expect(view).toEqual({
      ...BODY,
      pairs: [
        expect.objectContaining({ from: 'LTC', to: 'BTC', sent: '0.00000000', partnerFee: '0.00000000' }),
      ],
    });
    expect((await statsOver([], []).stats.execute(RANGE)).pairs).toEqual([]);
  });

  it('refuses a bad range before reading anything', async () => {
    const { stats, asked } = statsOver([], []);
    await expect(async () =>
      stats.execute(parseStatsRequest({ since: 10, until: 5 }, KEY.key)),
    ).rejects.toMatchObject({
      code: 'INVALID_TIME_RANGE',
    });
    expect(asked).toEqual({ history: [], treasury: [] });
  });
});
