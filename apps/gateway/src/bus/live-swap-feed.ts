import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Bus } from '@swap/bus';
import { swapUpdated } from '@swap/contracts';
import type { Gateway } from '@swap/gateway';
import { GATEWAY } from '../gateway.tokens';

/**
 * Every replica follows every swap update live: for the swaps it answers from memory, a plain
 * subscription whose gaps (a lost connection) drop what was built from it; for D18's live events,
 * an ordered consumer of its own, which has no gaps (each replica sees every event).
 */
@Injectable()
export class LiveSwapFeed implements OnApplicationBootstrap {
  constructor(
    private readonly bus: Bus,
    @Inject(GATEWAY) private readonly gateway: Gateway,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.observe(swapUpdated, this.gateway.views.recent);
    await this.bus.follow(swapUpdated, (snapshot) => this.gateway.live.hub.publish(snapshot));
  }
}
