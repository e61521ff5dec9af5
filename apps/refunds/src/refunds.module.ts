import { Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { Bus, busTransport } from '@swap/bus';
import { chainRelay, pinNodes, SqlChainIdentityPins, stopOnChainMismatch, verifyNodes } from '@swap/chain';
import { ENGINE_INBOX_STREAM, MONEY_COMMANDS_STREAM } from '@swap/contracts';
import { NETWORKS, type Logger } from '@swap/domain';
import { busAndDatabaseWithProbes } from '@swap/persistence';
import { composeRefunds, registerRefundMetrics } from '@swap/refunds';
import { REFUNDS_MIGRATIONS, REFUNDS_SCHEMA, RefundRepository } from '@swap/refunds-data';
import { EXIT_CONFIG } from '@swap/service-kit';
import type { RefundsConfig } from './refunds.config';
import { RefundsController } from './refunds.controller';
import { RefundsTimers } from './refunds.timers';
import { REFUNDS } from './refunds.tokens';

/** Wires the refunds service: its schema, each network's relay behind its pinned chain, the workers. */
export function refundsModule(config: RefundsConfig, logger: Logger) {
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.NATS_URL, name: config.HOSTNAME, identity: 'refunds', logger },
        database: {
          url: config.DATABASE_URL,
          schema: REFUNDS_SCHEMA,
          migrations: REFUNDS_MIGRATIONS,
          poolSize: config.DB_POOL_SIZE,
          logger,
        },
      }),
    ],
    controllers: [RefundsController],
    providers: [
      {
        provide: REFUNDS,
        inject: [Bus, DataSource, Registry],
        useFactory: async (bus: Bus, dataSource: DataSource, registry: Registry) => {
          const refunds = new RefundRepository(dataSource);
          registerRefundMetrics(registry, refunds);
          const relays = NETWORKS.map((network) => ({
            network,
            ...chainRelay(network, config.nodes[network], { bus, logger }),
          }));
          await verifyNodes(relays, logger);
          // Stored bytes go only to the chain they were signed for: each node's identity is pinned here.
          const pinned = await pinNodes(relays, {
            pins: new SqlChainIdentityPins(dataSource),
            onMismatch: stopOnChainMismatch(logger, EXIT_CONFIG),
            logger,
          });
          return composeRefunds({ bus, refunds, relays: pinned, clock: Date.now, logger });
        },
      },
      { provide: 'CONFIG', useValue: config },
      { provide: 'LOGGER', useValue: logger },
      RefundsTimers,
    ],
  })
  class RefundsModule {}
  return RefundsModule;
}

/** The refunds service's bus controller on JetStream. */
export const refundsTransport = busTransport({
  streams: [MONEY_COMMANDS_STREAM, ENGINE_INBOX_STREAM],
  queue: 'refunds',
});
