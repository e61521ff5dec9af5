import 'reflect-metadata';
import { bootstrapService, createLogger, loadConfig } from '@swap/service-kit';
import { refundsConfigSchema } from './refunds.config';
import { refundsModule, refundsTransport } from './refunds.module';

async function main(): Promise<void> {
  const config = loadConfig(refundsConfigSchema);
  const logger = createLogger('refunds');
  await bootstrapService({
    name: 'refunds',
    module: refundsModule(config, logger),
    transport: refundsTransport,
    port: config.PORT,
    logger,
  });
}

void main();
