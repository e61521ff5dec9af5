import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { startupProgress } from '@swap/service-kit';
import { createDataSource } from './create-data-source';
import type { PersistenceOptions } from './persistence.options';

export interface PersistenceModuleAsyncOptions {
  imports?: ModuleMetadata['imports'];
  inject?: InjectionToken[];
  useFactory: (...deps: never[]) => PersistenceOptions | Promise<PersistenceOptions>;
}

const PERSISTENCE_OPTIONS = Symbol('PERSISTENCE_OPTIONS');

@Injectable()
class DataSourceCloser implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // onApplicationShutdown runs after the HTTP server stopped taking requests.
  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * Provides the service's migrated DataSource (inject it as `DataSource`) to the whole app, and
 * closes it on shutdown.
 */
@Module({})
export class PersistenceModule {
  static forRootAsync(options: PersistenceModuleAsyncOptions): DynamicModule {
    return {
      module: PersistenceModule,
      global: true,
      imports: options.imports ?? [],
      providers: [
        { provide: PERSISTENCE_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
        {
          provide: DataSource,
          useFactory: async (persistence: PersistenceOptions) => {
            const dataSource = await createDataSource(persistence);
            startupProgress.mark('database migrated');
            return dataSource;
          },
          inject: [PERSISTENCE_OPTIONS],
        },
        DataSourceCloser,
      ],
      exports: [DataSource],
    };
  }
}
