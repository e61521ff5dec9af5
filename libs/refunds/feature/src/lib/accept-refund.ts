import type { RefundRequested } from '@swap/contracts';
import { RefundRepository } from '@swap/refunds-data';

/** A refund command from the engine becomes a REQUESTED row; a repeated command is the same row. */
export class AcceptRefund {
  constructor(
    private readonly refunds: RefundRepository,
    private readonly onAccepted: () => void = () => undefined,
  ) {}

  async execute(command: RefundRequested): Promise<void> {
    const created = await this.refunds.request({
      refundId: command.refundId,
      swapId: command.swapId,
      network: command.network,
      currency: command.currency,
      address: command.address,
      amount: BigInt(command.amount),
      deposited: BigInt(command.deposited),
    });
    if (created) this.onAccepted();
  }
}
