import type { SignedTransactionMessage, SignTransferRequest } from '@swap/contracts';
import { CURRENCIES, type Network } from '@swap/domain';
import type { PlannedTransfer, Transfer, TransferRepository } from '@swap/treasury-data';
import { HOT_WALLET_INDEX } from '../keys/treasury-keys';
import type { TransferDispatcher } from '../sending/transfer-dispatcher';
import { TreasuryErrors } from './treasury-errors';

export const refundTransferId = (requestId: string) => `refund:${requestId}`;

const sameOrder = (a: PlannedTransfer, b: PlannedTransfer) =>
  a.network === b.network && a.currency === b.currency && a.to === b.to && a.amount === b.amount;

/**
 * Signs a transfer from the hot wallet for the refunds service, which holds no keys. Idempotent by
 * requestId: the transfer is a row like a payout (reserved until confirmed), signed by the
 * network's sender in turn and stored before the reply, so a repeated request gets the same bytes
 * (those of its current generation, where a transaction expired unlanded), until the transfer
 * fails: then SIGN_FAILED with the reason.
 */
export class SignTransfer {
  constructor(
    private readonly transfers: TransferRepository,
    private readonly dispatcher: TransferDispatcher,
    private readonly reservationsChanged: (network: Network) => void,
  ) {}

  async execute(request: SignTransferRequest): Promise<SignedTransactionMessage> {
    const order = this.toOrder(request);
    const { transfer: recorded, created } = await this.transfers.plan(order);
    if (!sameOrder(recorded, order)) throw TreasuryErrors.requestIdReused(request.requestId);
    if (created) this.reservationsChanged(order.network);
    const transfer = recorded.signed || recorded.state === 'FAILED' ? recorded : await this.signNow(recorded);
    if (transfer.state === 'FAILED') {
      // Its bytes can never land (or failed on-chain): the caller hears why, never gets them to send again.
      const reason = transfer.failure ?? 'unknown reason';
      throw transfer.signed ? TreasuryErrors.transferFailed(reason) : TreasuryErrors.signFailed(reason);
    }
    if (!transfer.signed) throw TreasuryErrors.unavailable(transfer.network);
    return { ...transfer.signed, fee: transfer.signed.fee.toString() };
  }

  private toOrder(request: SignTransferRequest): PlannedTransfer {
    if (CURRENCIES[request.currency].network !== request.network) {
      throw TreasuryErrors.badRequest(
        `${request.currency} is not a currency of the ${request.network} network`,
      );
    }
    const amount = BigInt(request.amount);
    if (amount <= 0n) throw TreasuryErrors.badRequest('amount must be positive');
    return {
      id: refundTransferId(request.requestId),
      kind: 'refund',
      swapId: request.swapId ?? null,
      network: request.network,
      currency: request.currency,
      fromIndex: HOT_WALLET_INDEX,
      to: request.to,
      amount,
    };
  }

  /** The network's sender signs (and sends) in order; the row then holds the bytes, or why not. */
  private async signNow(transfer: Transfer): Promise<Transfer> {
    await this.dispatcher.drain(transfer.network);
    return this.transfers.get(transfer.id);
  }
}
