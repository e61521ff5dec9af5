import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Gateway } from '@swap/gateway';
import { GATEWAY } from './gateway.tokens';

/** The gateway's one timer: Idempotency-Keys past their 24 h are deleted every 10 minutes (D13). */
@Injectable()
export class IdempotencyPruning implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(GATEWAY) private readonly gateway: Gateway) {}

  onApplicationBootstrap(): void {
    void this.gateway.idempotencyPrune.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.gateway.idempotencyPrune.stop();
  }
}
