import { Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { Bus } from '@swap/bus';
import { busAndDatabaseWithProbes } from '@swap/persistence';
import { randomUUID } from 'node:crypto';
import { ENGINE_PARTITIONS, engineLeasesKv } from '@swap/contracts';
import {
  ApplySwapEvent,
  CreateSwap,
  DepositAddresses,
  EngineInbox,
  ExpiryJob,
  HandleEngineInput,
  OutboxPruneJob,
  OutboxRelay,
  PartitionLeases,
  registerSwapMetrics,
  ReturnDeposit,
  SwapCommands,
  SwapMailbox,
  TransitionMetrics,
} from '@swap/engine';
import {
  DepositLogRepository,
  ENGINE_MIGRATIONS,
  ENGINE_SCHEMA,
  OutboxRepository,
  SwapRepository,
} from '@swap/engine-data';
import { MarketFeed } from '@swap/market';
import { accountKeys, chainParams, EngineConfig } from './engine.config';
import { EngineHandlers } from './engine.handlers';

/** Wires the order engine: swaps, their actors, the outbox relay and the expiry timer. */
export function engineModule(config: EngineConfig, logger: Logger) {
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.NATS_URL, name: config.HOSTNAME, logger },
        database: {
          url: config.DATABASE_URL,
          schema: ENGINE_SCHEMA,
          migrations: ENGINE_MIGRATIONS,
          poolSize: config.DB_POOL_SIZE,
          logger,
        },
      }),
    ],
    providers: [
      {
        provide: SwapRepository,
        inject: [DataSource],
        useFactory: (ds: DataSource) => new SwapRepository(ds),
      },
      {
        provide: OutboxRepository,
        inject: [DataSource],
        useFactory: (ds: DataSource) => new OutboxRepository(ds),
      },
      {
        provide: MarketFeed,
        inject: [Bus],
        useFactory: (bus: Bus) => MarketFeed.open(bus, Date.now, config.LIQUIDITY_MAX_AGE_SECONDS * 1000),
      },
      {
        provide: OutboxRelay,
        inject: [OutboxRepository, Bus],
        useFactory: (outbox: OutboxRepository, bus: Bus) => new OutboxRelay(outbox, bus, logger),
      },
      { provide: SwapMailbox, useFactory: () => new SwapMailbox() },
      // The engine's metrics (D16): transitions as they commit; swaps and the outbox at scrape time.
      {
        provide: TransitionMetrics,
        inject: [Registry, SwapRepository, OutboxRepository],
        useFactory: (registry: Registry, swaps: SwapRepository, outbox: OutboxRepository) => {
          registerSwapMetrics(registry, {
            swapsByStatus: () => swaps.countByStatus(),
            outboxPending: () => outbox.pending(),
          });
          return new TransitionMetrics(registry);
        },
      },
      {
        provide: ApplySwapEvent,
        inject: [SwapRepository, SwapMailbox, OutboxRelay, TransitionMetrics],
        useFactory: (
          swaps: SwapRepository,
          mailbox: SwapMailbox,
          relay: OutboxRelay,
          metrics: TransitionMetrics,
        ) =>
          new ApplySwapEvent(
            swaps,
            mailbox,
            (messages) => relay.publishCommitted(messages),
            metrics.committed,
          ),
      },
      {
        provide: CreateSwap,
        inject: [SwapRepository, MarketFeed, OutboxRelay],
        useFactory: (swaps: SwapRepository, market: MarketFeed, relay: OutboxRelay) =>
          new CreateSwap(
            swaps,
            market,
            new DepositAddresses(accountKeys(config), chainParams(config)),
            { paymentWindowSeconds: config.SWAP_PAYMENT_WINDOW_SECONDS, clock: Date.now },
            (messages) => relay.publishCommitted(messages),
          ),
      },
      {
        provide: SwapCommands,
        inject: [ApplySwapEvent, MarketFeed],
        useFactory: (apply: ApplySwapEvent, market: MarketFeed) =>
          new SwapCommands(apply, market, Date.now, chainParams(config)),
      },
      {
        provide: ExpiryJob,
        inject: [SwapRepository, SwapCommands],
        useFactory: (swaps: SwapRepository, commands: SwapCommands) =>
          new ExpiryJob(swaps, commands, logger, Date.now, config.ENGINE_EXPIRY_GRACE_SECONDS),
      },
      {
        provide: OutboxPruneJob,
        inject: [OutboxRepository],
        useFactory: (outbox: OutboxRepository) =>
          new OutboxPruneJob(outbox, config.OUTBOX_RETENTION_HOURS, logger),
      },
      {
        provide: DepositLogRepository,
        inject: [DataSource],
        useFactory: (ds: DataSource) => new DepositLogRepository(ds),
      },
      {
        provide: ReturnDeposit,
        inject: [SwapRepository, DepositLogRepository, ApplySwapEvent],
        useFactory: (swaps: SwapRepository, deposits: DepositLogRepository, apply: ApplySwapEvent) =>
          new ReturnDeposit(swaps, deposits, apply, chainParams(config)),
      },
      {
        provide: HandleEngineInput,
        inject: [SwapRepository, DepositLogRepository, ApplySwapEvent, MarketFeed],
        useFactory: (
          swaps: SwapRepository,
          deposits: DepositLogRepository,
          apply: ApplySwapEvent,
          market: MarketFeed,
        ) => new HandleEngineInput(swaps, deposits, apply, market, logger),
      },
      {
        provide: EngineInbox,
        inject: [Bus, HandleEngineInput],
        useFactory: async (bus: Bus, handleInput: HandleEngineInput) => {
          const owner = `${config.HOSTNAME}-${randomUUID().slice(0, 8)}`;
          const leases = new PartitionLeases(await bus.kv(engineLeasesKv), owner, {
            partitions: ENGINE_PARTITIONS,
            leaseMs: config.ENGINE_LEASE_SECONDS * 1000,
          });
          return new EngineInbox(
            bus,
            leases,
            (input, seq) => handleInput.execute(input, seq),
            {
              roundMs: config.ENGINE_LEASE_ROUND_MS,
              concurrency: config.ENGINE_INBOX_CONCURRENCY,
            },
            logger,
          );
        },
      },
      EngineHandlers,
    ],
  })
  class EngineModule {}
  return EngineModule;
}
