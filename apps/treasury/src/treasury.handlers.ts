import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { Bus, rpcFail, rpcOk } from '@swap/bus';
import {
  DEPOSIT_RETURNS_STREAM,
  depositReturnUpdated,
  ENGINE_INBOX_STREAM,
  MONEY_COMMANDS_STREAM,
  SWAP_EVENTS_STREAM,
  swapUpdated,
  treasuryBalances,
  treasuryBump,
  treasuryCpfp,
  treasuryFillNonce,
  treasuryLedger,
  treasuryTransfers,
  treasuryPayoutRequested,
  treasurySignTransfer,
  type DepositReturnUpdated,
  type SwapSnapshot,
} from '@swap/contracts';
import { NETWORKS } from '@swap/domain';
import { RepeatingTask } from '@swap/service-kit';
import { TreasuryError, type Treasury } from '@swap/treasury';
import { TREASURY, TREASURY_CONFIG, TREASURY_LOGGER } from './treasury.tokens';
import type { TreasuryConfig } from './treasury.config';

/**
 * Both handlers commit in milliseconds: what a killed treasury had pulled comes back this soon
 * after its restart rather than after JetStream's 30 s (a longer handler holds its message).
 */
const ACK_WAIT_MS = 10_000;

/** The treasury's bus side: money commands and swap events in, its RPCs, and its timers. */
@Injectable()
export class TreasuryHandlers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly tasks: RepeatingTask[] = [];

  constructor(
    private readonly bus: Bus,
    @Inject(TREASURY) private readonly treasury: Treasury,
    @Inject(TREASURY_CONFIG) private readonly config: TreasuryConfig,
    @Inject(TREASURY_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { treasury } = this;
    for (const stream of [
      MONEY_COMMANDS_STREAM,
      SWAP_EVENTS_STREAM,
      ENGINE_INBOX_STREAM,
      DEPOSIT_RETURNS_STREAM,
    ]) {
      await this.bus.ensureStream(stream);
    }
    // Acked once the payout row is committed: from there the database drives it. Planning is
    // idempotent per payoutId and the network's sender orders what it signs, so several at once.
    await this.bus.consume(treasuryPayoutRequested, {
      durable: 'treasury-payouts',
      ackWaitMs: ACK_WAIT_MS,
      concurrency: 16,
      handler: (command) => treasury.planPayout.execute(command),
    });
    await this.bus.consume(swapUpdated, {
      durable: 'treasury-swaps',
      ackWaitMs: ACK_WAIT_MS,
      handler: (swap) => this.onSwapUpdated(swap),
    });
    await this.bus.consume(depositReturnUpdated, {
      durable: 'treasury-returns',
      ackWaitMs: ACK_WAIT_MS,
      handler: (ret) => this.onDepositReturned(ret),
    });
    const queue = { queue: 'treasury' };
    await this.bus.serve(
      treasurySignTransfer,
      (request) => this.answer(() => treasury.signTransfer.execute(request)),
      queue,
    );
    await this.bus.serve(treasuryBalances, () => this.answer(() => treasury.balances.execute()), queue);
    await this.bus.serve(
      treasuryLedger,
      ({ swapId }) => this.answer(() => treasury.ledger.execute(swapId)),
      queue,
    );
    await this.bus.serve(
      treasuryTransfers,
      (request) => this.answer(() => treasury.listTransfers.execute(request)),
      queue,
    );
    await this.bus.serve(
      treasuryBump,
      (request) => this.answer(() => treasury.replaceTransfer.bump(request)),
      queue,
    );
    await this.bus.serve(
      treasuryFillNonce,
      (request) => this.answer(() => treasury.replaceTransfer.fillNonce(request)),
      queue,
    );
    await this.bus.serve(
      treasuryCpfp,
      (request) => this.answer(() => treasury.replaceTransfer.cpfp(request)),
      queue,
    );

    this.every('sending', this.config.TREASURY_SEND_RETRY_SECONDS, () => treasury.dispatcher.drainAll());
    // Apart from sending: a new node wallet's first import rescans the chain, which can take long.
    this.every('node addresses', this.config.TREASURY_SEND_RETRY_SECONDS, () =>
      treasury.expectAddresses.retry(),
    );
    this.every('confirmations', this.config.TREASURY_CONFIRMATIONS_SECONDS, async () => {
      await treasury.tracker.poll();
      await treasury.planSweeps.resumeTokenSweeps();
    });
    // Each network on its own timer: a slow node (a Monero wallet catching up) must not hold up the
    // others' refresh, such as a hot wallet an operator just topped up.
    for (const network of NETWORKS)
      this.every(`liquidity refresh ${network}`, this.config.LIQUIDITY_REFRESH_SECONDS, () =>
        treasury.liquidity.publish(new Set([network])),
      );
    // Not awaited: a slow or dead node (a Monero wallet being restored) must not hold up readiness
    // or the other networks; each task logs its own failures and runs again.
    for (const task of this.tasks) void task.start();
  }

  // Before the bus and the pool close: a pass cut short is safe anyway (a SIGNED row is resent).
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.tasks.map((task) => task.stop()));
    await this.treasury.dispatcher.settled();
    await this.treasury.liquidity.settled();
  }

  private async onSwapUpdated(swap: SwapSnapshot): Promise<void> {
    await this.treasury.expectAddresses.onSwapUpdated(swap);
    await this.treasury.recordSwapBooks.execute(swap);
    await this.treasury.planSweeps.onSwapUpdated(swap);
  }

  private async onDepositReturned(ret: DepositReturnUpdated): Promise<void> {
    await this.treasury.recordReturnBooks.execute(ret);
    await this.treasury.planSweeps.onDepositReturned(ret);
  }

  private every(name: string, seconds: number, work: () => Promise<void>): void {
    this.tasks.push(new RepeatingTask(name, seconds * 1000, work, this.logger));
  }

  private async answer<T>(work: () => Promise<T>) {
    try {
      return rpcOk(await work());
    } catch (error) {
      if (error instanceof TreasuryError) return rpcFail(error.toPayload());
      throw error;
    }
  }
}
