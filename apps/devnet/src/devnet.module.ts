import { Module } from '@nestjs/common';
import { busTransport } from '@swap/bus';
import { DataSource } from 'typeorm';
import type { Logger } from '@swap/domain';
import { Devnet, DevnetRpcController } from '@swap/devnet';
import { DEVNET_MIGRATIONS, DEVNET_SCHEMA, DevnetRepository } from '@swap/devnet-data';
import { busAndDatabaseWithProbes } from '@swap/persistence';
import { accountAddress, funding, type DevnetConfig } from './devnet.config';
import { BLOCK_SECONDS, DevnetBlocks, LOGGER } from './devnet.blocks';

/** Wires the simulated chains (D10): their schema, the RPCs the devnet chain adapters call, the block timer. */
export function devnetModule(config: DevnetConfig, logger: Logger) {
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.NATS_URL, name: config.HOSTNAME, identity: 'devnet', logger },
        database: {
          url: config.DATABASE_URL,
          schema: DEVNET_SCHEMA,
          migrations: DEVNET_MIGRATIONS,
          poolSize: config.DB_POOL_SIZE,
          logger,
        },
      }),
    ],
    providers: [
      {
        provide: Devnet,
        inject: [DataSource],
        useFactory: (ds: DataSource) =>
          Devnet.open(new DevnetRepository(ds), {
            account: accountAddress(config),
            funding: funding(config),
            logger,
          }),
      },
      { provide: BLOCK_SECONDS, useValue: config.DEVNET_BLOCK_SECONDS },
      { provide: LOGGER, useValue: logger },
      DevnetBlocks,
    ],
    controllers: [DevnetRpcController],
  })
  class DevnetModule {}
  return DevnetModule;
}

/** The devnet's RPCs on the bus. */
export const devnetTransport = busTransport({ streams: [], queue: 'devnet' });
