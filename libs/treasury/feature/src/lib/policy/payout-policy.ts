import type { CurrencyCode, Clock, Logger } from '@swap/domain';
import type { Transfer, TransferHolds } from '@swap/treasury-data';
import { SCREENED_KINDS, screenInTurn, type PayoutLimits } from '@swap/treasury-domain';

/** Screened once: a transfer cleared (or approved) and signed anew later is not screened again. */
const screened = (transfer: Transfer) =>
  SCREENED_KINDS.includes(transfer.kind) && transfer.clearedAt === null;

/**
 * Between "planned" and "signed": what leaves the hot wallet (payouts, refunds, gas top-ups) is
 * screened against its currency's limits per transfer and per rolling hour and day. A transfer
 * within them is cleared (and counts in the windows from now on); one above them is HELD for an
 * operator (swapctl treasury approve | reject) and not signed. Sweeps come into the hot wallet and
 * pass as they are.
 */
export class PayoutPolicy {
  constructor(
    private readonly holds: TransferHolds,
    private readonly limits: PayoutLimits,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Of the planned transfers given (in their order), those that may be signed now; the others are held. */
  async screen(planned: readonly Transfer[]): Promise<Transfer[]> {
    const byCurrency = new Map<CurrencyCode, Transfer[]>();
    for (const transfer of planned.filter(screened))
      byCurrency.set(transfer.currency, [...(byCurrency.get(transfer.currency) ?? []), transfer]);
    const held = new Set<string>();
    for (const [currency, transfers] of byCurrency) {
      const decided = await this.holds.screen(currency, this.clock(), (outflow) =>
        screenInTurn(currency, transfers, this.limits[currency], outflow).map(({ candidate, screening }) => ({
          id: candidate.id,
          screening,
        })),
      );
      for (const { id, screening } of decided) {
        if (screening.cleared) continue;
        held.add(id);
        const transfer = transfers.find((t) => t.id === id);
        this.logger.warn(
          { transferId: id, swapId: transfer?.swapId, kind: transfer?.kind, reason: screening.reason },
          'transfer held for an operator: above a payout limit (swapctl treasury approve | reject)',
        );
      }
    }
    return planned.filter((transfer) => !held.has(transfer.id));
  }
}
