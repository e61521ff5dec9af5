import type { ApiKeyInfo } from '@swap/contracts';
import type { SwapHistoryRepository } from '@swap/gateway-data';
import type { Body } from '../swap/request-body';
import { parseStatsRequest } from './list-filter';
import type { PartnerFeeLedger } from './partner-fees.client';
import { renderPairStats, type SwapStatsView } from './swap-stats.view';

/**
 * Per-key statistics: the key's real swaps created in [since, until) per pair, from the read
 * model, and the partner share they earned, from the treasury's ledger (the gateway never reads
 * the treasury's schema). Dry runs move no money and are left out.
 */
export class SwapStats {
  constructor(
    private readonly history: SwapHistoryRepository,
    private readonly partnerFees: PartnerFeeLedger,
  ) {}

  async execute(body: Body, key: ApiKeyInfo): Promise<SwapStatsView> {
    const range = parseStatsRequest(body, key.key);
    const [totals, swaps] = await Promise.all([
      this.history.totalsByPair(range),
      this.history.partnerSwaps(range),
    ]);
    const fees =
      swaps.length === 0
        ? []
        : await this.partnerFees.earned(
            key.key,
            swaps.map((swap) => swap.id),
          );
    return { since: range.since, until: range.until, pairs: renderPairStats(totals, swaps, fees) };
  }
}
