import type { Logger, Clock } from '@swap/domain';
import type { DataSource } from 'typeorm';
import { KvLease, type Bus } from '@swap/bus';
import type { ChainReader } from '@swap/chain';
import { watcherLeasesKv } from '@swap/contracts';
import { ChainRepository, DepositRepository, WatchListRepository } from '@swap/watcher-data';
import { BlockFollower } from './chain/block-follower';
import { FollowChain } from './chain/follow-chain.use-case';
import { LateAddressRescan } from './chain/late-address-rescan';
import { MempoolTracker } from './chain/mempool-tracker';
import { DepositMatcher } from './deposits/deposit-matcher';
import { DepositPublisher } from './deposits/deposit.publisher';
import { DepositReporter } from './deposits/deposit-reporter';
import { NO_PROGRESS, type WatcherProgress } from './metrics/watcher.metrics';
import { NetworkWatcher } from './network-watcher';
import type { WatcherSettings } from './watcher.settings';

export interface NetworkWatcherDeps {
  reader: ChainReader;
  bus: Bus;
  dataSource: DataSource;
  settings: WatcherSettings;
  /** This replica's name in the lease (the pod name). */
  owner: string;
  /** True once the watch list has recorded every swap event published so far. */
  watchListCaughtUp: () => Promise<boolean>;
  logger: Logger;
  /** UNIX milliseconds. */
  clock?: Clock;
  /** Where the follower reports its progress (the metrics). */
  progress?: WatcherProgress;
}

/** Wires one network's watcher: the chain follower behind the lease. */
export async function createNetworkWatcher(deps: NetworkWatcherDeps): Promise<NetworkWatcher> {
  const { reader, settings, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const progress = deps.progress ?? NO_PROGRESS;
  const deposits = new DepositRepository(deps.dataSource);
  const watchList = new WatchListRepository(deps.dataSource);
  const chain = new ChainRepository(deps.dataSource);
  // Loaded here, before the lease is sought, so a standby replica takes over with it ready.
  const matcher = await DepositMatcher.open(watchList, deposits, settings, clock);
  const follow = new FollowChain(
    reader,
    new LateAddressRescan(reader, chain, watchList, matcher, settings, logger),
    new BlockFollower(reader, chain, deposits, matcher, settings, logger, clock),
    new MempoolTracker(matcher, deposits, settings),
    new DepositReporter(deposits, new DepositPublisher(deps.bus), settings.network, clock, logger),
    progress,
  );
  const store = await deps.bus.kv(watcherLeasesKv);
  const lease = new KvLease(store, settings.network, deps.owner, settings.leaseMs, clock);
  return new NetworkWatcher(settings.network, lease, follow, deps.watchListCaughtUp, logger, clock, progress);
}
