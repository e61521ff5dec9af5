import 'reflect-metadata';
import { Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { z } from 'zod';
import type { Logger } from 'pino';
import { Bus, busWithProbes } from '@swap/bus';
import { pricesKv } from '@swap/contracts';
import { DevnetPriceSource, PriceSource, RefreshPrices } from '@swap/pricing';
import { bootstrapService, createLogger, loadConfig, RepeatingTask } from '@swap/service-kit';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  NATS_URL: z.string().min(1),
  PRICE_REFRESH_SECONDS: z.coerce.number().positive().default(10),
  /** Comma-separated source names; real exchanges arrive with the live-pricing issue. */
  PRICE_SOURCES: z
    .string()
    .default('devnet')
    .refine((v) => v.split(',').every((s) => s.trim() === 'devnet'), 'only "devnet" is available so far'),
  HOSTNAME: z.string().default(`pricing-${process.pid}`),
});
type PricingConfig = z.output<typeof configSchema>;

const SOURCES: Record<string, () => PriceSource> = { devnet: () => new DevnetPriceSource() };

/** Refreshes every coin's median price on a timer and publishes it to the `prices` bucket. */
@Injectable()
class PriceLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private task: RepeatingTask | undefined;

  constructor(
    private readonly bus: Bus,
    @Inject('CONFIG') private readonly config: PricingConfig,
    @Inject('LOGGER') private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const store = await this.bus.kv(pricesKv);
    const sources = this.config.PRICE_SOURCES.split(',').map((name) => SOURCES[name.trim()]());
    const refresh = new RefreshPrices(
      sources,
      { publish: async (entry) => void (await store.put(entry.coin, entry)) },
      this.logger,
    );
    const every = this.config.PRICE_REFRESH_SECONDS * 1000;
    const publish = async () => void (await refresh.execute());
    this.task = new RepeatingTask('price refresh', every, publish, this.logger);
    await this.task.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task?.stop();
  }
}

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('pricing');
  @Module({
    imports: [...busWithProbes({ url: config.NATS_URL, name: config.HOSTNAME, logger })],
    providers: [{ provide: 'CONFIG', useValue: config }, { provide: 'LOGGER', useValue: logger }, PriceLoop],
  })
  class PricingModule {}
  await bootstrapService({ name: 'pricing', module: PricingModule, port: config.PORT, logger });
}

void main();
