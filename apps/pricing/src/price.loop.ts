import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@swap/domain';
import type { Pricing } from '@swap/pricing';
import { RepeatingTask } from '@swap/service-kit';
import type { PricingServiceConfig } from './pricing.config';
import { PRICING, PRICING_CONFIG, PRICING_LOGGER } from './pricing.tokens';

/** Refreshes every coin's median price on a timer, publishes it to the `prices` bucket and to /metrics. */
@Injectable()
export class PriceLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private task: RepeatingTask | undefined;

  constructor(
    @Inject(PRICING) private readonly pricing: Pricing,
    @Inject(PRICING_CONFIG) private readonly config: PricingServiceConfig,
    @Inject(PRICING_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { sources, refresh, metrics } = this.pricing;
    const every = this.config.PRICE_REFRESH_SECONDS * 1000;
    this.logger.info({ sources: sources.map((s) => s.name), everyMs: every }, 'pricing from');
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
