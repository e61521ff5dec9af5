import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import { Bus } from '@swap/bus';
import { pricesKv } from '@swap/contracts';
import {
  PriceMetrics,
  priceRules,
  priceSources,
  pricesReadiness,
  refreshSilenceLimitMs,
  RefreshPrices,
} from '@swap/pricing';
import { HealthService, RepeatingTask } from '@swap/service-kit';
import { CONFIG, LOGGER, type PricingServiceConfig } from './pricing.config';

/** Refreshes every coin's median price on a timer, publishes it to the `prices` bucket and to /metrics. */
@Injectable()
export class PriceLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private task: RepeatingTask | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly registry: Registry,
    private readonly health: HealthService,
    @Inject(CONFIG) private readonly config: PricingServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const store = await this.bus.kv(pricesKv);
    const sources = priceSources(this.config.pricing);
    const every = this.config.PRICE_REFRESH_SECONDS * 1000;
    const refresh = new RefreshPrices(
      sources,
      priceRules(this.config.pricing),
      { publish: async (entry) => void (await store.put(entry.coin, entry)) },
      this.logger,
      // A slow source must not hold the refresh back: the others' prices go out on time.
      Math.min(5_000, every / 2),
    );
    this.logger.info({ sources: sources.map((s) => s.name), everyMs: every }, 'pricing from');
    const metrics = new PriceMetrics(this.registry);
    // Not ready while a coin cannot be priced, or while refreshes stop landing.
    const silenceLimitMs = refreshSilenceLimitMs(every);
    this.health.register('prices', () => pricesReadiness(metrics.lastRefresh(), Date.now(), silenceLimitMs));
    this.task = new RepeatingTask(
      'price refresh',
      every,
      async () => metrics.record(await refresh.execute()),
      this.logger,
    );
    await this.task.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task?.stop();
  }
}
