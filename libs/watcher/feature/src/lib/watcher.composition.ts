import type { Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { Bus } from '@swap/bus';
import type { ChainReader } from '@swap/chain';
import type { Clock, Logger } from '@swap/domain';
import { WatchListRepository } from '@swap/watcher-data';
import { createNetworkWatcher } from './create-network-watcher';
import { WatcherMetrics } from './metrics/watcher.metrics';
import type { NetworkWatcher } from './network-watcher';
import { expectHandedOutAddresses } from './watch-list/expect-handed-out';
import { RecordSwap } from './watch-list/record-swap.use-case';
import { SwapEventsConsumer } from './watch-list/swap-events.consumer';
import type { WatcherSettings } from './watcher.settings';

export interface WatcherDeps {
  /** The network's reader, behind its pinned chain identity. */
  reader: ChainReader;
  bus: Bus;
  dataSource: DataSource;
  registry: Registry;
  settings: WatcherSettings;
  /** This replica's name in the follower lease (the pod name). */
  owner: string;
  clock: Clock;
  logger: Logger;
}

/** One network's watcher: its watch list kept from the swap events, and the chain follower. */
export interface Watcher {
  /** The network's swap events (a consumer group its replicas share), handled by recordSwap. */
  swapEvents: SwapEventsConsumer;
  recordSwap: RecordSwap;
  /** Tells a node-side wallet of every deposit address handed out so far: before the follower starts. */
  expectHandedOut: () => Promise<void>;
  /** Follows the chain while this replica holds the network's lease. */
  follower: NetworkWatcher;
  metrics: WatcherMetrics;
}

export async function composeWatcher(deps: WatcherDeps): Promise<Watcher> {
  const { reader, bus, dataSource, settings, clock, logger } = deps;
  const { network } = settings;
  const watchList = new WatchListRepository(dataSource);
  const swapEvents = new SwapEventsConsumer(bus, network);
  const metrics = new WatcherMetrics(deps.registry, network, clock);
  return {
    swapEvents,
    // The node-side wallet hears of each new address before it is watched.
    recordSwap: new RecordSwap(watchList, network, async (index) => reader.expectAddresses?.(index)),
    expectHandedOut: () => expectHandedOutAddresses(reader, watchList, network, logger),
    follower: await createNetworkWatcher({
      reader,
      bus,
      dataSource,
      settings,
      owner: deps.owner,
      watchListCaughtUp: () => swapEvents.caughtUp(),
      logger,
      clock,
      progress: metrics,
    }),
    metrics,
  };
}
