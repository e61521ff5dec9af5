import 'reflect-metadata';
import { bootstrapService, createLogger, loadConfig } from '@swap/service-kit';
import { engineConfigSchema } from './engine.config';
import { engineModule, engineTransport } from './engine.module';

async function main(): Promise<void> {
  const config = loadConfig(engineConfigSchema);
  const logger = createLogger('engine');
  await bootstrapService({
    name: 'engine',
    module: engineModule(config, logger),
    transport: engineTransport,
    port: config.PORT,
    logger,
  });
}

void main();
