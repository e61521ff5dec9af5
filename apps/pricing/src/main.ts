import 'reflect-metadata';
import { bootstrapService, createLogger } from '@swap/service-kit';
import { loadPricingConfig } from './pricing.config';
import { pricingModule, pricingTransport } from './pricing.module';

async function main(): Promise<void> {
  const config = loadPricingConfig();
  const logger = createLogger('pricing');
  await bootstrapService({
    name: 'pricing',
    module: pricingModule(config, logger),
    transport: pricingTransport,
    port: config.PORT,
    logger,
  });
}

void main();
