import 'reflect-metadata';
import { bootstrapService, createLogger, EXIT_CONFIG, loadConfig, settingsOrStop } from '@swap/service-kit';
import { completeConfig, treasuryConfigSchema } from './treasury.config';
import { treasuryModule, treasuryTransport } from './treasury.module';

async function main(): Promise<void> {
  let logger: ReturnType<typeof createLogger>;
  let setup: ReturnType<typeof completeConfig>;
  try {
    const parsed = loadConfig(treasuryConfigSchema);
    // After the settings are checked: a bad LOG_FORMAT stops the service as any setting does.
    logger = createLogger('treasury');
    // A node setting that cannot work stops the service as one found while it starts would.
    setup = settingsOrStop('treasury', logger, () => completeConfig(parsed, process.env));
  } catch (err) {
    // The messages name variables and files only: never key material.
    process.stderr.write(`invalid configuration: ${(err as Error).message}\n`);
    return process.exit(EXIT_CONFIG);
  }
  const { config, keys } = setup;
  await bootstrapService({
    name: 'treasury',
    module: treasuryModule(config, keys, logger),
    transport: treasuryTransport,
    port: config.PORT,
    logger,
  });
}

void main();
