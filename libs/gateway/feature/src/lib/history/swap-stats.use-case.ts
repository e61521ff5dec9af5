import type { SwapHistoryRepository } from '@swap/gateway-data';
import type { StatsRange } from './list-filter';
import type { PartnerFeeLedger } from './partner-fees.client';
import { renderPairStats, type SwapStatsView } from './swap-stats.view';

/**
 * Per-key statistics: the key's real swaps created in [since, until) per pair, from the read
 * model, and the partner share they earned, from the treasury's ledger (the gateway never reads
 * the treasury's schema). Dry runs move no money and are left out. One aggregate query on each
 * side, whatever the number of swaps in the range.
 */
export class SwapStats {
  constructor(
    private readonly history: Pick<SwapHistoryRepository, 'totalsByPair'>,
    private readonly partnerFees: PartnerFeeLedger,
  ) {}

  async execute(range: StatsRange): Promise<SwapStatsView> {
    const totals = await this.history.totalsByPair(range);
    // No deposit in the range, no fee booked: the treasury is not asked (nor needed up).
    const fees = totals.some((pair) => pair.deposited > 0n) ? await this.partnerFees.earned(range) : [];
    return { since: range.since, until: range.until, pairs: renderPairStats(totals, fees) };
  }
}
