import type { SwapLedger } from '@swap/contracts';
import { sumsByCurrency, type LedgerRepository } from '@swap/treasury-data';

/** The per-swap ledger report: every entry, and the per-currency totals that must all be zero. */
export class SwapLedgerQuery {
  constructor(private readonly ledger: LedgerRepository) {}

  async execute(swapId: string): Promise<SwapLedger> {
    const entries = await this.ledger.entriesOfSwap(swapId);
    const totals = [...sumsByCurrency(entries)].map(([currency, amount]) => ({
      currency,
      amount: amount.toString(),
    }));
    return {
      swapId,
      entries: entries.map((entry) => ({ ...entry, amount: entry.amount.toString() })),
      totals,
    };
  }
}
