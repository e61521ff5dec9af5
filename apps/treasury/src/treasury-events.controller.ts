import { Inject } from '@nestjs/common';
import { BusController, OnEvent } from '@swap/bus';
import {
  depositReturnUpdated,
  refundRequested,
  swapUpdated,
  treasuryPayoutRequested,
  type DepositReturnUpdated,
  type RefundRequested,
  type SwapSnapshot,
  type TreasuryPayoutRequested,
} from '@swap/contracts';
import type { Treasury } from '@swap/treasury';
import { TREASURY } from './treasury.tokens';

/**
 * Each handler commits in milliseconds: what a killed treasury had pulled comes back this soon
 * after its restart rather than after JetStream's 30 s (a longer handler holds its message).
 */
const ACK_WAIT_MS = 10_000;

/** Money commands and swap events in: payouts planned, refund orders recorded, books recorded, sweeps planned. */
@BusController()
export class TreasuryEventsController {
  constructor(@Inject(TREASURY) private readonly treasury: Treasury) {}

  // Acked once the payout row is committed: from there the database drives it. Planning is
  // idempotent per payoutId and the network's sender orders what it signs, so several at once.
  @OnEvent(treasuryPayoutRequested, { durable: 'treasury-payouts', ackWaitMs: ACK_WAIT_MS, concurrency: 16 })
  async payoutRequested(command: TreasuryPayoutRequested): Promise<void> {
    await this.treasury.planPayout.execute(command);
  }

  // The engine's refund orders, beside the refunds service's own durable: sign-transfer signs only
  // these. Acked once the order is committed; recording is idempotent per refundId.
  @OnEvent(refundRequested, { durable: 'treasury-refunds', ackWaitMs: ACK_WAIT_MS, concurrency: 8 })
  async refundRequested(command: RefundRequested): Promise<void> {
    await this.treasury.recordRefundOrder.execute(command);
  }

  @OnEvent(swapUpdated, { durable: 'treasury-swaps', ackWaitMs: ACK_WAIT_MS })
  async swapUpdated(swap: SwapSnapshot): Promise<void> {
    await this.treasury.expectAddresses.onSwapUpdated(swap);
    await this.treasury.recordSwapBooks.execute(swap);
    await this.treasury.planSweeps.onSwapUpdated(swap);
  }

  @OnEvent(depositReturnUpdated, { durable: 'treasury-returns', ackWaitMs: ACK_WAIT_MS })
  async depositReturned(ret: DepositReturnUpdated): Promise<void> {
    await this.treasury.recordReturnBooks.execute(ret);
    await this.treasury.planSweeps.onDepositReturned(ret);
  }
}
