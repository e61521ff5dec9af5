import type { RefundRequested } from '@swap/contracts';
import { CURRENCIES, type Logger } from '@swap/domain';
import type { RefundOrders } from '@swap/treasury-data';

/**
 * refundRequested → the engine's order, recorded before the command is acknowledged: the refunds
 * service's signing requests are checked against it (SignTransfer). A repeated command is the same
 * order; one that differs under the same refund id is a bug on the sending side, logged, and the
 * first order stands.
 */
export class RecordRefundOrder {
  constructor(
    private readonly orders: RefundOrders,
    private readonly logger: Logger,
  ) {}

  async execute(command: RefundRequested): Promise<void> {
    const amount = BigInt(command.amount);
    if (CURRENCIES[command.currency].network !== command.network || amount <= 0n) {
      // Can never be signed as asked: no retry would fix it, and nothing may sign it.
      this.logger.error(
        { refundId: command.refundId },
        'refund command with a foreign currency or no amount; ignored',
      );
      return;
    }
    const order = {
      refundId: command.refundId,
      swapId: command.swapId,
      network: command.network,
      currency: command.currency,
      address: command.address,
      amount,
      requestedAt: command.requestedAt,
    };
    if (await this.orders.record(order)) return;
    const recorded = await this.orders.find(command.refundId);
    if (
      recorded &&
      (recorded.address !== order.address ||
        recorded.amount !== amount ||
        recorded.currency !== order.currency)
    )
      this.logger.error(
        { refundId: command.refundId },
        'refund command differs from the one recorded under its id; the first stands',
      );
  }
}
