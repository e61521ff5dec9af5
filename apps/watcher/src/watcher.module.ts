import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { Bus, BusModule, busReady } from '@swap/bus';
import { databaseReady, PersistenceModule } from '@swap/persistence';
import { HealthModule } from '@swap/service-kit';
import { WATCHER_MIGRATIONS, WATCHER_SCHEMA } from '@swap/watcher-data';
import type { WatcherConfig } from './watcher.config';
import { WATCHER_CONFIG, WATCHER_LOGGER, WatcherRuntime } from './watcher.runtime';

/** Wires one network's watcher: its bus connection, the watcher schema, probes and the runtime. */
export function watcherModule(config: WatcherConfig, logger: Logger) {
  @Module({
    imports: [
      BusModule.forRootAsync({ useFactory: () => ({ url: config.natsUrl, name: config.hostname, logger }) }),
      PersistenceModule.forRootAsync({
        useFactory: () => ({
          url: config.databaseUrl,
          schema: WATCHER_SCHEMA,
          migrations: WATCHER_MIGRATIONS,
          poolSize: config.dbPoolSize,
          logger,
        }),
      }),
      HealthModule.forRootAsync({
        inject: [Bus, DataSource],
        useFactory: (bus: Bus, dataSource: DataSource) => ({
          checks: { bus: () => busReady(bus), database: () => databaseReady(dataSource) },
        }),
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
