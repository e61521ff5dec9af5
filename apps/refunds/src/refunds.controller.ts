import { Inject } from '@nestjs/common';
import { BusController, OnEvent } from '@swap/bus';
import { refundRequested, type RefundRequested } from '@swap/contracts';
import type { Refunds } from '@swap/refunds';
import { REFUNDS } from './refunds.tokens';

/** The engine's refund commands, each stored once; the refund workers move them along. */
@BusController()
export class RefundsController {
  constructor(@Inject(REFUNDS) private readonly refunds: Refunds) {}

  @OnEvent(refundRequested, { durable: 'refunds', concurrency: 8 })
  async requested(command: RefundRequested): Promise<void> {
    await this.refunds.accept.execute(command);
  }
}
