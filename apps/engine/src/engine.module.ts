import { Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from '@swap/domain';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { Bus, busTransport } from '@swap/bus';
import {
  DEPOSIT_RETURNS_STREAM,
  ENGINE_INBOX_STREAM,
  MONEY_COMMANDS_STREAM,
  SWAP_EVENTS_STREAM,
} from '@swap/contracts';
import { composeEngine, type Engine } from '@swap/engine';
import { ENGINE_MIGRATIONS, ENGINE_SCHEMA } from '@swap/engine-data';
import { MarketFeed } from '@swap/market';
import { busAndDatabaseWithProbes } from '@swap/persistence';
import { accountKeys, chainParams, type EngineConfig } from './engine.config';
import { EngineInboxController, PARTITIONS_GROUP } from './engine-inbox.controller';
import { EngineJobs } from './engine.jobs';
import { EngineRpcController } from './engine-rpc.controller';
import { ENGINE } from './engine.tokens';

/** Wires the order engine: swaps, their actors, the outbox relay and the expiry timer. */
export function engineModule(config: EngineConfig, logger: Logger) {
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.NATS_URL, name: config.HOSTNAME, identity: 'engine', logger },
        database: {
          url: config.DATABASE_URL,
          schema: ENGINE_SCHEMA,
          migrations: ENGINE_MIGRATIONS,
          poolSize: config.DB_POOL_SIZE,
          logger,
        },
      }),
    ],
    controllers: [EngineRpcController, EngineInboxController],
    providers: [
      {
        provide: ENGINE,
        inject: [DataSource, Bus, Registry],
        useFactory: async (dataSource: DataSource, bus: Bus, registry: Registry) =>
          composeEngine({
            dataSource,
            bus,
            market: await MarketFeed.open(bus, Date.now, config.LIQUIDITY_MAX_AGE_SECONDS * 1000),
            registry,
            accounts: accountKeys(config),
            chains: chainParams(config),
            settings: {
              paymentWindowSeconds: config.SWAP_PAYMENT_WINDOW_SECONDS,
              expiryGraceSeconds: config.ENGINE_EXPIRY_GRACE_SECONDS,
              outboxRetentionHours: config.OUTBOX_RETENTION_HOURS,
              owner: `${config.HOSTNAME}-${randomUUID().slice(0, 8)}`,
              leaseMs: config.ENGINE_LEASE_SECONDS * 1000,
              leaseRoundMs: config.ENGINE_LEASE_ROUND_MS,
              inboxConcurrency: config.ENGINE_INBOX_CONCURRENCY,
            },
            clock: Date.now,
            logger,
          }),
      },
      EngineJobs,
    ],
  })
  class EngineModule {}
  return EngineModule;
}

/** The engine's bus controllers on JetStream; the inbox's partitions are its own consumer group. */
export const engineTransport = busTransport({
  streams: [SWAP_EVENTS_STREAM, ENGINE_INBOX_STREAM, MONEY_COMMANDS_STREAM, DEPOSIT_RETURNS_STREAM],
  queue: 'engine',
  groups: (app) => ({ [PARTITIONS_GROUP]: app.get<Engine>(ENGINE).inbox }),
});
