import { Bus, BusUnavailableError } from '@swap/bus';
import { treasuryPartnerFees, type PartnerFeeTotal } from '@swap/contracts';
import type { StatsRange } from './list-filter';

/** The treasury did not answer (or failed): the gateway answers 503 and the caller retries. */
export class TreasuryUnavailableError extends Error {}

/** The partner share a key earned from its swaps created in a range, as the treasury's ledger has it. */
export interface PartnerFeeLedger {
  earned(range: StatsRange): Promise<PartnerFeeTotal[]>;
}

const TIMEOUT_MS = 5_000;

/** PartnerFeeLedger over the treasury's RPC: one request per range, whatever the number of swaps. */
export class TreasuryPartnerFees implements PartnerFeeLedger {
  constructor(private readonly bus: Bus) {}

  async earned({ apiKey, since, until }: StatsRange): Promise<PartnerFeeTotal[]> {
    let reply;
    try {
      reply = await this.bus.request(
        treasuryPartnerFees,
        { apiKey, since, until },
        { timeoutMs: TIMEOUT_MS },
      );
    } catch (error) {
      if (error instanceof BusUnavailableError)
        throw new TreasuryUnavailableError(`treasury ${error.reason}`);
      throw error;
    }
    if (!reply.ok) throw new TreasuryUnavailableError(`treasury error ${reply.error.code}`);
    return reply.data;
  }
}
