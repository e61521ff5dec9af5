import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HEALTH_OPTIONS, type HealthOptions } from './health.options';
import { HealthService } from './health.service';

export interface HealthModuleAsyncOptions {
  imports?: ModuleMetadata['imports'];
  inject?: InjectionToken[];
  useFactory: (...deps: never[]) => HealthOptions | Promise<HealthOptions>;
}

/**
 * GET /livez and GET /readyz. Use forRoot with checks that need nothing from Nest, forRootAsync
 * when they do: `inject: [DataSource], useFactory: (ds) => ({ checks: { database: () => databaseReady(ds) } })`.
 */
@Module({})
export class HealthModule {
  static forRoot(options: HealthOptions): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [{ provide: HEALTH_OPTIONS, useValue: options }, HealthService],
      exports: [HealthService],
    };
  }

  static forRootAsync(options: HealthModuleAsyncOptions): DynamicModule {
    return {
      module: HealthModule,
      imports: options.imports ?? [],
      controllers: [HealthController],
      providers: [
        { provide: HEALTH_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
        HealthService,
      ],
      exports: [HealthService],
    };
  }
}
