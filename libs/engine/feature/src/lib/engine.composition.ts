import type { Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { Bus } from '@swap/bus';
import { engineLeasesKv, ENGINE_PARTITIONS } from '@swap/contracts';
import type { Logger, Network, Clock } from '@swap/domain';
import { DepositLogRepository, OutboxRepository, SwapRepository } from '@swap/engine-data';
import type { MarketFeed } from '@swap/market';
import { ApplySwapEvent } from './apply-event';
import { CreateSwap } from './create-swap.use-case';
import { DepositAddresses, type ChainParams } from './deposit-addresses';
import { EngineInbox } from './engine-inbox';
import { ExpiryJob } from './expiry.job';
import { HandleEngineInput } from './handle-input.use-case';
import { registerSwapMetrics } from './metrics/swap.metrics';
import { TransitionMetrics } from './metrics/transition.metrics';
import { OutboxPruneJob } from './outbox-prune.job';
import { OutboxRelay } from './outbox.relay';
import { PartitionLeases } from './partition-leases';
import { ReturnDeposit } from './return-deposit.use-case';
import { SwapCommands } from './swap-commands';
import { SwapMailbox } from './swap-mailbox';

export interface EngineSettings {
  paymentWindowSeconds: number;
  expiryGraceSeconds: number;
  outboxRetentionHours: number;
  /** This instance's name in the partition leases (unique per process). */
  owner: string;
  leaseMs: number;
  leaseRoundMs: number;
  /** Inputs handled at once per partition. */
  inboxConcurrency: number;
}

export interface EngineDeps {
  dataSource: DataSource;
  bus: Bus;
  market: MarketFeed;
  registry: Registry;
  /** Each network's account xpub, whose children are the deposit addresses. */
  accounts: Readonly<Record<Network, string>>;
  /** Each network's chain (mainnet, testnet, regtest): address formats (D8). */
  chains: Readonly<Record<Network, ChainParams>>;
  settings: EngineSettings;
  clock: Clock;
  logger: Logger;
}

/** The engine's use cases, jobs and inbox over one database and one bus, wired once. */
export interface Engine {
  swaps: SwapRepository;
  deposits: DepositLogRepository;
  createSwap: CreateSwap;
  commands: SwapCommands;
  returnDeposit: ReturnDeposit;
  handleInput: HandleEngineInput;
  relay: OutboxRelay;
  expiry: ExpiryJob;
  prune: OutboxPruneJob;
  inbox: EngineInbox;
}

export async function composeEngine(deps: EngineDeps): Promise<Engine> {
  const { dataSource, bus, market, registry, chains, settings, clock, logger } = deps;
  const swaps = new SwapRepository(dataSource);
  const outbox = new OutboxRepository(dataSource);
  const deposits = new DepositLogRepository(dataSource);
  const relay = new OutboxRelay(outbox, bus, logger);
  const publish = (messages: Parameters<OutboxRelay['publishCommitted']>[0]) =>
    relay.publishCommitted(messages);
  // The engine's metrics (D16): transitions as they commit; swaps and the outbox at scrape time.
  registerSwapMetrics(registry, {
    swapsByStatus: () => swaps.countByStatus(),
    outboxPending: () => outbox.pending(),
  });
  const transitions = new TransitionMetrics(registry);
  const apply = new ApplySwapEvent(swaps, new SwapMailbox(), publish, transitions.committed);
  const commands = new SwapCommands(apply, market, clock, chains);
  const createSwap = new CreateSwap(
    swaps,
    market,
    new DepositAddresses(deps.accounts, chains),
    { paymentWindowSeconds: settings.paymentWindowSeconds, clock },
    publish,
  );
  const leases = new PartitionLeases(await bus.kv(engineLeasesKv), settings.owner, {
    partitions: ENGINE_PARTITIONS,
    leaseMs: settings.leaseMs,
  });
  return {
    swaps,
    deposits,
    createSwap,
    commands,
    returnDeposit: new ReturnDeposit(swaps, deposits, apply, chains, clock),
    handleInput: new HandleEngineInput(swaps, deposits, apply, market, logger, clock),
    relay,
    expiry: new ExpiryJob(swaps, commands, logger, clock, settings.expiryGraceSeconds),
    prune: new OutboxPruneJob(outbox, settings.outboxRetentionHours, logger, clock),
    inbox: new EngineInbox(
      bus,
      leases,
      { roundMs: settings.leaseRoundMs, concurrency: settings.inboxConcurrency },
      logger,
    ),
  };
}
