import 'reflect-metadata';
import { bootstrapService, createLogger, loadConfig } from '@swap/service-kit';
import { notifierConfigSchema } from './notifier.config';
import { notifierModule, notifierTransport } from './notifier.module';

async function main(): Promise<void> {
  const config = loadConfig(notifierConfigSchema);
  const logger = createLogger('notifier');
  await bootstrapService({
    name: 'notifier',
    module: notifierModule(config, logger),
    transport: notifierTransport,
    port: config.PORT,
    logger,
  });
}

void main();
