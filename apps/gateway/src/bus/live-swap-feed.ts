import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Bus } from '@swap/bus';
import { swapUpdated } from '@swap/contracts';
import { SwapViews } from '@swap/gateway-data';

/**
 * Every replica follows every swap update live, for the swaps it answers from memory. Not a
 * handler: a plain subscription whose gaps (a lost connection) drop what was built from it.
 */
@Injectable()
export class LiveSwapFeed implements OnApplicationBootstrap {
  constructor(
    private readonly bus: Bus,
    private readonly views: SwapViews,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.observe(swapUpdated, this.views.recent);
  }
}
