import { Module } from '@nestjs/common';
import type { Logger } from '@swap/domain';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { Bus, busTransport } from '@swap/bus';
import {
  chainReader,
  PinnedChain,
  SqlChainIdentityPins,
  stopOnChainMismatch,
  verifyNodes,
} from '@swap/chain';
import { ENGINE_INBOX_STREAM, SWAP_EVENTS_STREAM } from '@swap/contracts';
import { busAndDatabaseWithProbes } from '@swap/persistence';
import { EXIT_CONFIG, HealthService } from '@swap/service-kit';
import { composeWatcher, nodeReadiness, nodeSilenceLimitMs, type Watcher } from '@swap/watcher';
import { WATCHER_MIGRATIONS, WATCHER_SCHEMA } from '@swap/watcher-data';
import type { WatcherConfig } from './watcher.config';
import { WatcherFollower } from './watcher.follower';
import { WATCH_LIST, WatchListController } from './watch-list.controller';
import { WATCHER, WATCHER_CONFIG, WATCHER_LOGGER } from './watcher.tokens';

/** Wires one network's watcher: its bus connection, the watcher schema, its node behind its pinned chain. */
export function watcherModule(config: WatcherConfig, logger: Logger) {
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.natsUrl, name: config.hostname, identity: 'watcher', logger },
        database: {
          url: config.databaseUrl,
          schema: WATCHER_SCHEMA,
          migrations: WATCHER_MIGRATIONS,
          poolSize: config.dbPoolSize,
          logger,
        },
      }),
    ],
    providers: [
      { provide: WATCHER_CONFIG, useValue: config },
      { provide: WATCHER_LOGGER, useValue: logger },
      {
        provide: WATCHER,
        inject: [Bus, DataSource, Registry, HealthService],
        useFactory: async (bus: Bus, dataSource: DataSource, registry: Registry, health: HealthService) => {
          const { network } = config;
          const node = chainReader(network, config.node, {
            bus,
            accountPublic: config.accountPublic,
            logger,
          });
          // A node on another chain, or without the token contract, stops the watcher before it reads a block.
          await verifyNodes([{ network, reader: node }], logger);
          // So does a node (or devnet) on another chain than the one this database's blocks came from.
          const pinned = new PinnedChain(network, node, {
            pins: new SqlChainIdentityPins(dataSource),
            onMismatch: stopOnChainMismatch(logger, EXIT_CONFIG),
            logger,
          });
          await pinned.checkAtStart();
          const watcher = await composeWatcher({
            reader: pinned.reader(node),
            bus,
            dataSource,
            registry,
            settings: config.settings,
            owner: config.hostname,
            clock: Date.now,
            logger,
          });
          // Only the follower asks the node; a standby stays ready to take over (see nodeReadiness).
          const silenceLimitMs = nodeSilenceLimitMs(config.pollMs);
          health.register('node', () =>
            nodeReadiness(network, watcher.metrics.nodeContact(), Date.now(), silenceLimitMs),
          );
          return watcher;
        },
      },
      WatcherFollower,
    ],
    controllers: [WatchListController],
  })
  class WatcherModule {}
  return WatcherModule;
}

/** The watcher's bus controller on JetStream; its swap events are a consumer group of their own. */
export const watcherTransport = busTransport({
  streams: [SWAP_EVENTS_STREAM, ENGINE_INBOX_STREAM],
  queue: 'watcher',
  groups: (app) => ({ [WATCH_LIST]: app.get<Watcher>(WATCHER).swapEvents }),
});
