import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { busWithProbes } from '@swap/bus';
import { bootstrapService, createLogger } from '@swap/service-kit';
import { PriceLoop } from './price.loop';
import { CONFIG, loadPricingConfig, LOGGER } from './pricing.config';
import { PricingOps } from './pricing.ops';

async function main(): Promise<void> {
  const config = loadPricingConfig();
  const logger = createLogger('pricing');
  @Module({
    imports: [...busWithProbes({ url: config.NATS_URL, name: config.HOSTNAME, logger })],
    providers: [
      { provide: CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
      PriceLoop,
      PricingOps,
    ],
  })
  class PricingModule {}
  await bootstrapService({ name: 'pricing', module: PricingModule, port: config.PORT, logger });
}

void main();
