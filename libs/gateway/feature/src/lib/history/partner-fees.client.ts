import { Bus, BusUnavailableError } from '@swap/bus';
import { PARTNER_FEES_MAX_SWAPS, treasuryPartnerFees, type PartnerFee } from '@swap/contracts';

/** The treasury did not answer (or failed): the gateway answers 503 and the caller retries. */
export class TreasuryUnavailableError extends Error {}

/** The partner share a key earned per swap, as the treasury's ledger has it. */
export interface PartnerFeeLedger {
  earned(apiKey: string, swapIds: readonly string[]): Promise<PartnerFee[]>;
}

const TIMEOUT_MS = 5_000;
/** Requests in flight at once for one statistics request. */
const PARALLEL = 4;

/** PartnerFeeLedger over the treasury's RPC, the swaps asked about in chunks the contract allows. */
export class TreasuryPartnerFees implements PartnerFeeLedger {
  constructor(private readonly bus: Bus) {}

  async earned(apiKey: string, swapIds: readonly string[]): Promise<PartnerFee[]> {
    const chunks: string[][] = [];
    for (let i = 0; i < swapIds.length; i += PARTNER_FEES_MAX_SWAPS) {
      chunks.push(swapIds.slice(i, i + PARTNER_FEES_MAX_SWAPS));
    }
    const fees: PartnerFee[] = [];
    for (let i = 0; i < chunks.length; i += PARALLEL) {
      const answers = await Promise.all(
        chunks.slice(i, i + PARALLEL).map((chunk) => this.ask(apiKey, chunk)),
      );
      for (const answer of answers) fees.push(...answer);
    }
    return fees;
  }

  private async ask(apiKey: string, swapIds: string[]): Promise<PartnerFee[]> {
    let reply;
    try {
      reply = await this.bus.request(treasuryPartnerFees, { apiKey, swapIds }, { timeoutMs: TIMEOUT_MS });
    } catch (error) {
      if (error instanceof BusUnavailableError)
        throw new TreasuryUnavailableError(`treasury ${error.reason}`);
      throw error;
    }
    if (!reply.ok) throw new TreasuryUnavailableError(`treasury error ${reply.error.code}`);
    return reply.data;
  }
}
