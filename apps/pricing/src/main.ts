import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { Bus, busTransport, busWithProbes } from '@swap/bus';
import { currencySettingsKv, pairSettingsKv, pricesKv } from '@swap/contracts';
import { MarketSettings } from '@swap/pricing';
import { bootstrapService, createLogger } from '@swap/service-kit';
import { PriceLoop } from './price.loop';
import { CONFIG, loadPricingConfig, LOGGER, PRICES } from './pricing.config';
import { PricingOpsController } from './pricing-ops.controller';

async function main(): Promise<void> {
  const config = loadPricingConfig();
  const logger = createLogger('pricing');
  @Module({
    imports: [...busWithProbes({ url: config.NATS_URL, name: config.HOSTNAME, logger })],
    controllers: [PricingOpsController],
    providers: [
      { provide: CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
      { provide: PRICES, inject: [Bus], useFactory: (bus: Bus) => bus.kv(pricesKv) },
      {
        provide: MarketSettings,
        inject: [Bus],
        useFactory: async (bus: Bus) => marketSettings(bus, logger),
      },
      PriceLoop,
    ],
  })
  class PricingModule {}
  await bootstrapService({
    name: 'pricing',
    module: PricingModule,
    transport: busTransport({ streams: [], queue: 'pricing' }),
    port: config.PORT,
    logger,
  });
}

async function marketSettings(bus: Bus, logger: Logger): Promise<MarketSettings> {
  const [currencies, pairs] = await Promise.all([bus.kv(currencySettingsKv), bus.kv(pairSettingsKv)]);
  return new MarketSettings(currencies, pairs, logger);
}

void main();
