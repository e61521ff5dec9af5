import type { Logger } from '@swap/domain';
import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type OnApplicationShutdown,
  type OptionalFactoryDependency,
} from '@nestjs/common';
import { Registry } from 'prom-client';
import { startupProgress } from '@swap/service-kit';
import type { BusIdentity } from '@swap/contracts';
import { busCredentialsFromEnv, BusCredentialsError } from './auth/credentials';
import { Bus } from './bus';
import { registerConsumerMetrics } from './metrics/consumer.metrics';

export interface BusModuleOptions {
  url: string | string[];
  name: string;
  /** The service's bus identity; its credentials come from the environment (busCredentialsFromEnv). */
  identity: BusIdentity;
  logger: Logger;
}

export interface BusModuleAsyncOptions {
  imports?: ModuleMetadata['imports'];
  inject?: (InjectionToken | OptionalFactoryDependency)[];
  useFactory: (...deps: never[]) => BusModuleOptions | Promise<BusModuleOptions>;
}

const BUS_OPTIONS = Symbol('BUS_OPTIONS');

/**
 * Provides one connected `Bus` to the whole application and drains it on shutdown; its consumers'
 * backlog goes to the service's /metrics.
 */
@Global()
@Module({})
export class BusModule implements OnApplicationShutdown {
  constructor(@Inject(Bus) private readonly bus: Bus) {}

  static forRootAsync(options: BusModuleAsyncOptions): DynamicModule {
    return {
      module: BusModule,
      imports: options.imports ?? [],
      providers: [
        { provide: BUS_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
        {
          provide: Bus,
          // The service's metrics registry (MetricsModule, imported by bootstrapService), if any.
          inject: [BUS_OPTIONS, { token: Registry, optional: true }],
          useFactory: async (o: BusModuleOptions, registry?: Registry) => {
            const credentials = busCredentialsFromEnv();
            const bus = await refusedIdentityAsSetting(o, credentials.source, () =>
              Bus.connect({
                url: o.url,
                name: o.name,
                identity: o.identity,
                credentials,
                logger: o.logger,
              }),
            );
            if (registry) registerConsumerMetrics(bus, registry);
            startupProgress.mark('bus connected');
            return bus;
          },
        },
      ],
      exports: [Bus],
    };
  }

  // Runs after every module's onModuleDestroy, so consumers stopped there can still ack.
  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}

/**
 * A server that refuses the identity is a setting to fix, not a crash: the service stops naming
 * the variables, as for any other setting (bootstrapService prints `problems`, no stack trace).
 */
async function refusedIdentityAsSetting(
  o: BusModuleOptions,
  source: string,
  connect: () => Promise<Bus>,
): Promise<Bus> {
  try {
    return await connect();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (!/authorization violation|authentication/i.test(message)) throw err;
    throw new BusCredentialsError(
      `NATS at ${String(o.url)} refused ${o.identity} (${source}): ${message}; set NATS_NKEY_SEED_FILE or NATS_CREDS_FILE to this service's identity`,
    );
  }
}
