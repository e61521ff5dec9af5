import 'reflect-metadata';
import { bootstrapService, createLogger, loadConfig } from '@swap/service-kit';
import { devnetConfigSchema } from './devnet.config';
import { devnetModule, devnetTransport } from './devnet.module';

async function main(): Promise<void> {
  const config = loadConfig(devnetConfigSchema);
  const logger = createLogger('devnet');
  await bootstrapService({
    name: 'devnet',
    module: devnetModule(config, logger),
    transport: devnetTransport,
    port: config.PORT,
    logger,
  });
}

void main();
