import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Engine } from '@swap/engine';
import { ENGINE } from './engine.tokens';

/** The engine's timers: the outbox relay, swap expiry and the outbox's pruning. */
@Injectable()
export class EngineJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(ENGINE) private readonly engine: Engine) {}

  onApplicationBootstrap(): void {
    const { relay, expiry, prune } = this.engine;
    relay.start();
    expiry.start();
    prune.start();
  }

  async onApplicationShutdown(): Promise<void> {
    const { relay, expiry, prune } = this.engine;
    await expiry.stop();
    await prune.stop();
    await relay.stop();
  }
}
