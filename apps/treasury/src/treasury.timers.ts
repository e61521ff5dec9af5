import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { NETWORKS, type Logger } from '@swap/domain';
import { RepeatingTask } from '@swap/service-kit';
import type { Treasury } from '@swap/treasury';
import { TREASURY, TREASURY_CONFIG, TREASURY_LOGGER } from './treasury.tokens';
import type { TreasuryConfig } from './treasury.config';

/** The treasury's timers: sending, node addresses, confirmations and each network's liquidity. */
@Injectable()
export class TreasuryTimers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly tasks: RepeatingTask[] = [];

  constructor(
    @Inject(TREASURY) private readonly treasury: Treasury,
    @Inject(TREASURY_CONFIG) private readonly config: TreasuryConfig,
    @Inject(TREASURY_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const { treasury } = this;
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

  private every(name: string, seconds: number, work: () => Promise<void>): void {
    this.tasks.push(new RepeatingTask(name, seconds * 1000, work, this.logger));
  }
}
