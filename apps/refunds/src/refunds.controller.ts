import { BusController, OnEvent } from '@swap/bus';
import { refundRequested, type RefundRequested } from '@swap/contracts';
import { AcceptRefund } from '@swap/refunds';

/** The engine's refund commands, each stored once; the refund workers move them along. */
@BusController()
export class RefundsController {
  constructor(private readonly accept: AcceptRefund) {}

  @OnEvent(refundRequested, { durable: 'refunds', concurrency: 8 })
  async requested(command: RefundRequested): Promise<void> {
    await this.accept.execute(command);
  }
}
