import { BusController, OnGroupEvent } from '@swap/bus';
import { swapUpdated, type SwapSnapshot } from '@swap/contracts';
import { WatcherRuntime } from './watcher.runtime';

/** The consumer group of the network's swap events (SwapEventsConsumer, shared by its replicas). */
export const WATCH_LIST = 'watch-list';

/** Every swap event, into this network's watch list. */
@BusController()
export class WatchListController {
  constructor(private readonly runtime: WatcherRuntime) {}

  @OnGroupEvent(swapUpdated, WATCH_LIST)
  async swapUpdated(swap: SwapSnapshot): Promise<void> {
    await this.runtime.record(swap);
  }
}
