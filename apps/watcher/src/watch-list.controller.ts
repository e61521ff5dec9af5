import { Inject } from '@nestjs/common';
import { BusController, OnGroupEvent } from '@swap/bus';
import { swapUpdated, type SwapSnapshot } from '@swap/contracts';
import type { Watcher } from '@swap/watcher';
import { WATCHER } from './watcher.tokens';

/** The consumer group of the network's swap events (SwapEventsConsumer, shared by its replicas). */
export const WATCH_LIST = 'watch-list';

/** Every swap event, into this network's watch list. */
@BusController()
export class WatchListController {
  constructor(@Inject(WATCHER) private readonly watcher: Watcher) {}

  @OnGroupEvent(swapUpdated, WATCH_LIST)
  async swapUpdated(swap: SwapSnapshot): Promise<void> {
    await this.watcher.recordSwap.execute(swap);
  }
}
