import type { TransferView } from '@swap/contracts';
import type { Clock, Logger, Network } from '@swap/domain';
import type { Transfer, TransferHolds, TransferLifecycle } from '@swap/treasury-data';
import { transition } from '@swap/treasury-domain';
import type { ReservationsSignal } from '../liquidity/reservations-signal';
import type { ProgressReporter } from '../payouts/progress.reporter';
import { TreasuryErrors } from '../signing/treasury-errors';
import type { ListTransfers } from '../transfers/list-transfers.query';

export interface HeldTransfersDeps {
  transfers: TransferLifecycle;
  holds: TransferHolds;
  reporter: ProgressReporter;
  /** An approved transfer goes out with its network's next sending pass. */
  kick: (network: Network) => void;
  reservations: ReservationsSignal;
  /** The operator's view of the transfer decided on. */
  views: Pick<ListTransfers, 'one'>;
  clock: Clock;
  logger: Logger;
}

const REJECTED = 'rejected by an operator';

/** Held, then rejected: it leaves HELD only by approval (cleared) or rejection (failed). */
const rejectedAlready = (t: Transfer) =>
  t.state === 'FAILED' && t.holdReason !== null && t.approvedAt === null;

/**
 * The operator's answer to a transfer the payout policy held (swapctl treasury approve | reject).
 * Approved, it is due to be signed like any planned transfer, and counts in the windows from now:
 * one row, one signing, so it is paid once however often it is approved. Rejected, it fails
 * unsigned: a payout's swap goes FAILED through the engine's failed-payout path, a refund's through
 * the refunds service, which hears SIGN_FAILED with the reason when it asks again. Both are
 * idempotent: asked again, they answer the transfer as it is.
 */
export class HeldTransfers {
  constructor(private readonly deps: HeldTransfersDeps) {}

  async approve(id: string): Promise<TransferView> {
    const { holds, kick, clock, logger, views } = this.deps;
    const transfer = await this.decidable(id, 'Approved', (t) => t.approvedAt !== null);
    if (transfer.state !== 'HELD') return views.one(id);
    const approved =
      (await holds.approve(id, clock())) ??
      (await this.decidable(id, 'Approved', (t) => t.approvedAt !== null));
    logger.warn(
      { transferId: id, swapId: approved.swapId, reason: transfer.holdReason },
      'held transfer approved by an operator',
    );
    kick(approved.network);
    return views.one(id);
  }

  async reject(id: string, reason: string): Promise<TransferView> {
    const { transfers, reporter, reservations, logger, views } = this.deps;
    const transfer = await this.decidable(id, 'Rejected', rejectedAlready);
    if (transfer.state !== 'HELD') return views.one(id);
    const failed =
      (await transfers.fail(id, { from: 'HELD', reason: `${REJECTED}: ${reason}` })) ??
      (await this.decidable(id, 'Rejected', rejectedAlready));
    logger.warn({ transferId: id, swapId: failed.swapId, reason }, 'held transfer rejected by an operator');
    reservations.changed(failed.network);
    // A payout's swap hears it now (a report that fails stays due for the tracker's next flush).
    await reporter.report(failed);
    return views.one(id);
  }

  /** The transfer, if it is held, or already where this decision took it (`done`). */
  private async decidable(
    id: string,
    decision: 'Approved' | 'Rejected',
    done: (t: Transfer) => boolean,
  ): Promise<Transfer> {
    const transfer = await this.deps.transfers.find(id);
    if (!transfer) throw TreasuryErrors.transferNotFound(id);
    if (transition(transfer, { kind: decision }).ok || done(transfer)) return transfer;
    const verb = decision === 'Approved' ? 'approve' : 'reject';
    throw TreasuryErrors.wrongState(`transfer ${id} is ${transfer.state}, not held: nothing to ${verb}`);
  }
}
