import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { z } from 'zod';
import { busWithProbes } from '@swap/bus';

import { bootstrapService, createLogger, loadConfig } from '@swap/service-kit';

// The simulated chains of the embedded default (D10) arrive with the real-swaps issue; today it answers probes.
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8085),
  NATS_URL: z.string().min(1),
});

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const name = 'devnet';
  const logger = createLogger(name);
  @Module({
    imports: [...busWithProbes({ url: config.NATS_URL, name: `${name}-${process.pid}`, logger })],
  })
  class ServiceModule {}
  await bootstrapService({ name, module: ServiceModule, port: config.PORT, logger });
}

void main();
