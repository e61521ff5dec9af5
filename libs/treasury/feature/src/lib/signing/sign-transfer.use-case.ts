import type { SignedTransactionMessage, SignTransferRequest } from '@swap/contracts';
import { CURRENCIES } from '@swap/domain';
import type {
  PlannedTransfer,
  RefundOrder,
  RefundOrders,
  Transfer,
  TransferLifecycle,
} from '@swap/treasury-data';
import { HOT_WALLET_INDEX } from '../keys/treasury-keys';
import type { ReservationsSignal } from '../liquidity/reservations-signal';
import type { SigningFreeze } from '../policy/signing-freeze';
import type { TransferDispatcher } from '../sending/transfer-dispatcher';
import { TreasuryErrors } from './treasury-errors';

export const refundTransferId = (requestId: string) => `refund:${requestId}`;

const sameOrder = (a: PlannedTransfer, b: PlannedTransfer) =>
  a.network === b.network && a.currency === b.currency && a.to === b.to && a.amount === b.amount;

/** What of the request differs from the engine's refund command. */
function differences(request: SignTransferRequest, order: RefundOrder): string[] {
  const fields: Array<[string, boolean]> = [
    ['network', request.network === order.network],
    ['currency', request.currency === order.currency],
    ['address', request.to === order.address],
    ['amount', BigInt(request.amount) === order.amount],
    ['swap', request.swapId === undefined || request.swapId === order.swapId],
  ];
  return fields.filter(([, same]) => !same).map(([field]) => field);
}

export interface SignTransferDeps {
  transfers: TransferLifecycle;
  orders: RefundOrders;
  dispatcher: TransferDispatcher;
  freeze: Pick<SigningFreeze, 'frozen'>;
  reservations: ReservationsSignal;
}

/**
 * Signs a refund from the hot wallet for the refunds service, which holds no keys, and only a
 * refund the engine ordered: the request's id, network, currency, address and amount must be
 * those of the refundRequested command the treasury recorded (RecordRefundOrder). A request that
 * comes before that command is answered REFUND_NOT_ORDERED (the refunds service asks again), one
 * that differs from it REFUND_MISMATCH, for good. Idempotent by requestId: the transfer is a row
 * like a payout (reserved until confirmed, screened by the payout policy), signed by the network's
 * sender in turn and stored before the reply, so a repeated request gets the same bytes (those of
 * its current generation, where a transaction expired unlanded), until the transfer fails: then
 * SIGN_FAILED with the reason. Held above a limit (HELD) or frozen (FROZEN), it is asked again.
 */
export class SignTransfer {
  constructor(private readonly deps: SignTransferDeps) {}

  async execute(request: SignTransferRequest): Promise<SignedTransactionMessage> {
    const order = this.toOrder(request, await this.deps.orders.find(request.requestId));
    const { transfer: recorded, created } = await this.deps.transfers.plan(order);
    if (!sameOrder(recorded, order)) throw TreasuryErrors.requestIdReused(request.requestId);
    if (created) this.deps.reservations.changed(order.network);
    const transfer = recorded.signed || recorded.state === 'FAILED' ? recorded : await this.signNow(recorded);
    if (transfer.state === 'FAILED') {
      // Its bytes can never land (or failed on-chain): the caller hears why, never gets them to send again.
      const reason = transfer.failure ?? 'unknown reason';
      throw transfer.signed ? TreasuryErrors.transferFailed(reason) : TreasuryErrors.signFailed(reason);
    }
    if (transfer.state === 'HELD') throw TreasuryErrors.held(transfer.id, transfer.holdReason);
    if (!transfer.signed) {
      if (await this.deps.freeze.frozen(transfer.network)) throw TreasuryErrors.frozen(transfer.network);
      throw TreasuryErrors.unavailable(transfer.network);
    }
    return { ...transfer.signed, fee: transfer.signed.fee.toString() };
  }

  /** The transfer the engine's order makes of the request, if the request is that order. */
  private toOrder(request: SignTransferRequest, order: RefundOrder | null): PlannedTransfer {
    if (CURRENCIES[request.currency].network !== request.network) {
      throw TreasuryErrors.badRequest(
        `${request.currency} is not a currency of the ${request.network} network`,
      );
    }
    if (BigInt(request.amount) <= 0n) throw TreasuryErrors.badRequest('amount must be positive');
    if (!order) throw TreasuryErrors.refundNotOrdered(request.requestId);
    const differ = differences(request, order);
    if (differ.length > 0) throw TreasuryErrors.refundMismatch(request.requestId, differ);
    return {
      id: refundTransferId(request.requestId),
      kind: 'refund',
      swapId: order.swapId,
      network: order.network,
      currency: order.currency,
      fromIndex: HOT_WALLET_INDEX,
      to: order.address,
      amount: order.amount,
    };
  }

  /** The network's sender signs (and sends) in order; the row then holds the bytes, or why not. */
  private async signNow(transfer: Transfer): Promise<Transfer> {
    await this.deps.dispatcher.drain(transfer.network);
    return this.deps.transfers.get(transfer.id);
  }
}
