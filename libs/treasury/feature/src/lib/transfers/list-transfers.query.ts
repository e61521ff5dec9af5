import {
  DEFAULT_TRANSFERS_LIMIT,
  UNSETTLED_TRANSFER_STATES,
  type TransfersRequest,
  type TransferView,
} from '@swap/contracts';
import type { ListedTransfer, TransferReports } from '@swap/treasury-data';
import { TreasuryErrors } from '../signing/treasury-errors';

/**
 * The operator's list of transfers (`swapctl treasury transfers`): by default the ones still in
 * the treasury's hands, oldest first, so a payout stuck behind a refused broadcast or a node that
 * is down shows at the top with its attempts, next try and last failure, and a held one with the
 * limit it is above (`--held`).
 */
export class ListTransfers {
  constructor(private readonly transfers: TransferReports) {}

  async execute(request: TransfersRequest): Promise<TransferView[]> {
    const listed = await this.transfers.list(
      request.states ?? UNSETTLED_TRANSFER_STATES,
      request.network ?? null,
      request.limit ?? DEFAULT_TRANSFERS_LIMIT,
    );
    return listed.map(toView);
  }

  /** One transfer, as listed. */
  async one(id: string): Promise<TransferView> {
    const listed = await this.transfers.listed(id);
    if (!listed) throw TreasuryErrors.transferNotFound(id);
    return toView(listed);
  }
}

function toView({ transfer, createdAt, updatedAt }: ListedTransfer): TransferView {
  return {
    id: transfer.id,
    kind: transfer.kind,
    swapId: transfer.swapId,
    network: transfer.network,
    currency: transfer.currency,
    to: transfer.to,
    amount: transfer.amount.toString(),
    state: transfer.state,
    txid: transfer.signed?.txid ?? null,
    confirmations: transfer.confirmations,
    attempts: transfer.attempts,
    nextAttemptAt: transfer.nextAttemptAt,
    failure: transfer.failure,
    lastError: transfer.lastError,
    holdReason: transfer.holdReason,
    generation: transfer.generation,
    createdAt,
    updatedAt,
  };
}
