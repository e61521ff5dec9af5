import { Module } from '@nestjs/common';
import { Bus, busTransport } from '@swap/bus';
import { ENGINE_INBOX_STREAM, SWAP_EVENTS_STREAM } from '@swap/contracts';
import { SwapEventsConsumer } from '@swap/watcher';
import type { Logger } from 'pino';
import { busAndDatabaseWithProbes } from '@swap/persistence';
import { WATCHER_MIGRATIONS, WATCHER_SCHEMA } from '@swap/watcher-data';
import type { WatcherConfig } from './watcher.config';
import { WATCH_LIST, WatchListController } from './watch-list.controller';
import { WATCHER_CONFIG, WATCHER_LOGGER, WatcherRuntime } from './watcher.runtime';

/** Wires one network's watcher: its bus connection, the watcher schema, probes and the runtime. */
export function watcherModule(config: WatcherConfig, logger: Logger) {
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.natsUrl, name: config.hostname, logger },
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
        provide: SwapEventsConsumer,
        inject: [Bus],
        useFactory: (bus: Bus) => new SwapEventsConsumer(bus, config.network),
      },
      WatcherRuntime,
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
  groups: (app) => ({ [WATCH_LIST]: app.get(SwapEventsConsumer) }),
});
