import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { idempotencyPruneTask } from '@swap/gateway';
import { IdempotencyKeyRepository } from '@swap/gateway-data';
import type { RepeatingTask } from '@swap/service-kit';
import { GATEWAY_LOGGER } from './gateway.tokens';

/** The gateway's one timer: Idempotency-Keys past their 24 h are deleted every 10 minutes (D13). */
@Injectable()
export class IdempotencyPruning implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: RepeatingTask;

  constructor(keys: IdempotencyKeyRepository, @Inject(GATEWAY_LOGGER) logger: Logger) {
    this.task = idempotencyPruneTask(keys, logger);
  }

  onApplicationBootstrap(): void {
    void this.task.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }
}
