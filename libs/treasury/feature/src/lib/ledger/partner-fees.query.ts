import type { PartnerFeeTotal, PartnerFeesRequest } from '@swap/contracts';
import type { LedgerRepository } from '@swap/treasury-data';
import { Accounts } from './accounts';

/** Per-key statistics: what a key's partner account earned from its swaps created in a range, in one query. */
export class PartnerFeesQuery {
  constructor(private readonly ledger: LedgerRepository) {}

  async execute({ apiKey, since, until }: PartnerFeesRequest): Promise<PartnerFeeTotal[]> {
    const account = Accounts.partnerFees(apiKey);
    const earned = await this.ledger.earnedByPair({ account, apiKey, since, until });
    return earned.map((total) => ({ ...total, amount: total.amount.toString() }));
  }
}
