import 'reflect-metadata';
import { bootstrapService, createLogger, loadConfig, settingsOrStop } from '@swap/service-kit';
import { completeConfig, refundsConfigSchema } from './refunds.config';
import { refundsModule, refundsTransport } from './refunds.module';

async function main(): Promise<void> {
  const parsed = loadConfig(refundsConfigSchema);
  const logger = createLogger('refunds');
  const config = settingsOrStop('refunds', logger, () => completeConfig(parsed, process.env));
  await bootstrapService({
    name: 'refunds',
    module: refundsModule(config, logger),
    transport: refundsTransport,
    port: config.PORT,
    logger,
  });
}

void main();
