import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { z } from 'zod';
import { busWithProbes } from '@swap/bus';
import { NETWORKS } from '@swap/domain';
import { bootstrapService, createLogger, loadConfig } from '@swap/service-kit';

// One process per network (WATCHER_NETWORK), scaled on its own. Chain following (cursor, deposits,
// confirmations, reorgs) arrives with the real-swaps issue; today it joins the bus and answers probes.
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  NATS_URL: z.string().min(1),
  WATCHER_NETWORK: z.enum(NETWORKS),
});

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const name = `watcher-${config.WATCHER_NETWORK.toLowerCase()}`;
  const logger = createLogger(name);
  @Module({
    imports: [...busWithProbes({ url: config.NATS_URL, name: `${name}-${process.pid}`, logger })],
  })
  class ServiceModule {}
  await bootstrapService({ name, module: ServiceModule, port: config.PORT, logger });
}

void main();
