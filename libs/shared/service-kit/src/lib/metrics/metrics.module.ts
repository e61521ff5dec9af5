import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Registry } from 'prom-client';
import { createMetricsRegistry } from './metrics-registry';
import { MetricsController } from './metrics.controller';

export interface MetricsOptions {
  /** The `service` label of every sample: gateway, engine, watcher-btc… */
  service: string;
}

/**
 * GET /metrics (D16) over the process's registry. Global: a feature's metrics are registered by
 * injecting `Registry` (prom-client's class is the token) wherever the feature is wired.
 * bootstrapService imports it for every service.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(options: MetricsOptions): DynamicModule {
    return {
      module: MetricsModule,
      controllers: [MetricsController],
      providers: [{ provide: Registry, useFactory: () => createMetricsRegistry(options.service) }],
      exports: [Registry],
    };
  }
}
