import { Module } from '@nestjs/common';
import type { Logger } from '@swap/domain';
import { Registry } from 'prom-client';
import { Bus, busTransport, busWithProbes } from '@swap/bus';
import { composePricing, pricesReadiness, refreshSilenceLimitMs } from '@swap/pricing';
import { HealthService } from '@swap/service-kit';
import { PriceLoop } from './price.loop';
import type { PricingServiceConfig } from './pricing.config';
import { PricingOpsController } from './pricing-ops.controller';
import { PRICING, PRICING_CONFIG, PRICING_LOGGER } from './pricing.tokens';

/** Wires pricing: its bus connection, the sources, the refresh and the operators' switches. */
export function pricingModule(config: PricingServiceConfig, logger: Logger) {
  @Module({
    imports: [...busWithProbes({ url: config.NATS_URL, name: config.HOSTNAME, identity: 'pricing', logger })],
    controllers: [PricingOpsController],
    providers: [
      { provide: PRICING_CONFIG, useValue: config },
      { provide: PRICING_LOGGER, useValue: logger },
      {
        provide: PRICING,
        inject: [Bus, Registry, HealthService],
        useFactory: async (bus: Bus, registry: Registry, health: HealthService) => {
          const refreshMs = config.PRICE_REFRESH_SECONDS * 1000;
          const pricing = await composePricing({
            bus,
            config: config.pricing,
            refreshMs,
            registry,
            clock: Date.now,
            logger,
          });
          // Not ready while a coin cannot be priced, or while refreshes stop landing.
          const silenceLimitMs = refreshSilenceLimitMs(refreshMs);
          health.register('prices', () =>
            pricesReadiness(pricing.metrics.lastRefresh(), Date.now(), silenceLimitMs),
          );
          return pricing;
        },
      },
      PriceLoop,
    ],
  })
  class PricingModule {}
  return PricingModule;
}

/** Pricing's bus controller (the operators' requests); it consumes no stream. */
export const pricingTransport = busTransport({ streams: [], queue: 'pricing' });
