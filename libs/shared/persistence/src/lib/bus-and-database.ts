import type { DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Bus, BusModule, busReady, type BusModuleOptions } from '@swap/bus';
import { HealthModule } from '@swap/service-kit';
import { databaseReady } from './database-ready';
import type { PersistenceOptions } from './persistence.options';
import { PersistenceModule } from './persistence.module';

/**
 * The imports of a service that owns a schema and talks over the bus: one NATS connection, one
 * migrated DataSource, and `/readyz` answering ready while both are up.
 */
export function busAndDatabaseWithProbes(options: {
  bus: BusModuleOptions;
  database: PersistenceOptions;
}): DynamicModule[] {
  return [
    BusModule.forRootAsync({ useFactory: () => options.bus }),
    PersistenceModule.forRootAsync({ useFactory: () => options.database }),
    HealthModule.forRootAsync({
      inject: [Bus, DataSource],
      useFactory: (bus: Bus, ds: DataSource) => ({
        checks: { bus: () => busReady(bus), database: () => databaseReady(ds) },
      }),
    }),
  ];
}
