import type { PartnerFee, PartnerFeesRequest } from '@swap/contracts';
import type { LedgerRepository } from '@swap/treasury-data';
import { Accounts } from './accounts';

/** Per-key statistics: the partner share a key earned from each of the named swaps, from its ledger account. */
export class PartnerFeesQuery {
  constructor(private readonly ledger: LedgerRepository) {}

  async execute({ apiKey, swapIds }: PartnerFeesRequest): Promise<PartnerFee[]> {
    const earned = await this.ledger.earnedFromSwaps(Accounts.partnerFees(apiKey), swapIds);
    return earned.map((fee) => ({ ...fee, amount: fee.amount.toString() }));
  }
}
