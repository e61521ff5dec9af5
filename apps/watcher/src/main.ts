import 'reflect-metadata';
import { bootstrapService, createLogger, loadConfig, settingsOrStop } from '@swap/service-kit';
import { completeConfig, watcherConfigSchema } from './watcher.config';
import { watcherModule, watcherTransport } from './watcher.module';

// One process per network (WATCHER_NETWORK), scaled on its own: every replica records the swap
// events into the watch list, the one holding the network's lease follows the chain.
async function main(): Promise<void> {
  const parsed = loadConfig(watcherConfigSchema);
  const name = `watcher-${parsed.network.toLowerCase()}`;
  const logger = createLogger(name);
  const config = settingsOrStop(name, logger, () => completeConfig(parsed, process.env));
  await bootstrapService({
    name,
    module: watcherModule(config, logger),
    transport: watcherTransport,
    port: config.port,
    logger,
  });
}

void main();
