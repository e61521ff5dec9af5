import 'reflect-metadata';
import { Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { z } from 'zod';
import { Bus, busWithProbes } from '@swap/bus';
import { liquidityKv } from '@swap/contracts';
import { liquidityEntries } from '@swap/treasury';
import { bootstrapService, createLogger, loadConfig, RepeatingTask } from '@swap/service-kit';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8083),
  NATS_URL: z.string().min(1),
  LIQUIDITY_REFRESH_SECONDS: z.coerce.number().positive().default(10),
  HOSTNAME: z.string().default(`treasury-${process.pid}`),
});
type TreasuryConfig = z.output<typeof configSchema>;

/** Publishes what the service may promise per currency to the `liquidity` bucket (quotes' max). */
@Injectable()
class LiquidityLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private task: RepeatingTask | undefined;

  constructor(
    private readonly bus: Bus,
    @Inject('CONFIG') private readonly config: TreasuryConfig,
    @Inject('LOGGER') private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const store = await this.bus.kv(liquidityKv);
    const publish = async () => {
      await Promise.all(
        liquidityEntries(process.env, Date.now()).map((entry) => store.put(entry.code, entry)),
      );
    };
    this.task = new RepeatingTask(
      'liquidity refresh',
      this.config.LIQUIDITY_REFRESH_SECONDS * 1000,
      publish,
      this.logger,
    );
    await this.task.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task?.stop();
  }
}

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('treasury');
  @Module({
    imports: [...busWithProbes({ url: config.NATS_URL, name: config.HOSTNAME, logger })],
    providers: [
      { provide: 'CONFIG', useValue: config },
      { provide: 'LOGGER', useValue: logger },
      LiquidityLoop,
    ],
  })
  class TreasuryModule {}
  await bootstrapService({ name: 'treasury', module: TreasuryModule, port: config.PORT, logger });
}

void main();
