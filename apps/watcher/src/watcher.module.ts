import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { busAndDatabaseWithProbes } from '@swap/persistence';
import { WATCHER_MIGRATIONS, WATCHER_SCHEMA } from '@swap/watcher-data';
import type { WatcherConfig } from './watcher.config';
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
      WatcherRuntime,
    ],
  })
  class WatcherModule {}
  return WatcherModule;
}
