import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@swap/domain';
import type { Refunds } from '@swap/refunds';
import { RepeatingTask } from '@swap/service-kit';
import type { RefundsConfig } from './refunds.config';
import { REFUNDS } from './refunds.tokens';

/**
 * Every network's refunds moved along on its own timer, with the same exactly-once rules as
 * payouts (the treasury signs; the bytes are stored before they are sent).
 */
@Injectable()
export class RefundsTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: RepeatingTask[] = [];

  constructor(
    @Inject(REFUNDS) private readonly refunds: Refunds,
    @Inject('CONFIG') private readonly config: RefundsConfig,
    @Inject('LOGGER') private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    for (const worker of this.refunds.workers) {
      const task = new RepeatingTask(
        `refunds ${worker.network}`,
        this.config.REFUNDS_POLL_MS,
        () => worker.runOnce(),
        this.logger,
      );
      this.tasks.push(task);
      void task.start();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.tasks.map((task) => task.stop()));
  }
}
