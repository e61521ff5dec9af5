import { Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { Bus, busTransport } from '@swap/bus';
import {
  chainReader,
  chainSender,
  pinNodes,
  type NetworkNode,
  SqlChainIdentityPins,
  stopOnChainMismatch,
  verifyNodes,
  type ChainReader,
  type ChainSender,
} from '@swap/chain';
import type { KeySource } from '@swap/chain-keys';
import {
  DEPOSIT_RETURNS_STREAM,
  ENGINE_INBOX_STREAM,
  engineInbox,
  engineInputId,
  liquidityKv,
  MONEY_COMMANDS_STREAM,
  SWAP_EVENTS_STREAM,
} from '@swap/contracts';
import { NETWORKS, withFields, type Logger, type Network } from '@swap/domain';
import { busAndDatabaseWithProbes } from '@swap/persistence';
import { EXIT_CONFIG, HealthService } from '@swap/service-kit';
import {
  composeTreasury,
  DEFAULT_RETRY,
  nodeSilenceLimitMs,
  nodesReadiness,
  registerPolicyMetrics,
  registerTransferMetrics,
  storedPending,
  TreasuryKeys,
  WalletMetrics,
  type ChainNodes,
} from '@swap/treasury';
import { TransferLifecycle, TREASURY_MIGRATIONS, TREASURY_SCHEMA } from '@swap/treasury-data';
import type { TreasuryConfig } from './treasury.config';
import { TreasuryEventsController } from './treasury-events.controller';
import { TreasuryPolicyController } from './treasury-policy.controller';
import { TreasuryRpcController } from './treasury-rpc.controller';
import { TreasuryTimers } from './treasury.timers';
import { TREASURY, TREASURY_CONFIG, TREASURY_LOGGER } from './treasury.tokens';

/**
 * One reader and sender per network: the devnet unless its node variables name a real node (D10,
 * D11). Real senders get the network's keys and what the treasury signed and stored (nonces, inputs).
 */
function networkNodes(
  config: TreasuryConfig,
  bus: Bus,
  keys: TreasuryKeys,
  transfers: TransferLifecycle,
  logger: Logger,
): Array<NetworkNode<ChainReader, ChainSender>> {
  return NETWORKS.map((network) => {
    const own = keys.senderKeys(network);
    const context = { bus, logger: withFields(logger, { network }) };
    // Parsed once, with the config: the reader and the sender are given the same typed settings.
    const settings = config.nodes[network];
    const pending = storedPending(transfers, keys, network);
    return {
      network,
      reader: chainReader(network, settings, { ...context, accountPublic: own.accountPublic, treasury: own }),
      sender: chainSender(network, settings, { ...context, keys: own, pending }),
    };
  });
}

/** The nodes as the treasury's use cases look them up, by network. */
function byNetwork(nodes: Array<NetworkNode<ChainReader, ChainSender>>): ChainNodes {
  const of = new Map(nodes.map((node) => [node.network, node]));
  const node = (network: Network) => {
    const found = of.get(network);
    if (!found) throw new Error(`no node for ${network}`);
    return found;
  };
  return { reader: (network) => node(network).reader, sender: (network) => node(network).sender };
}

/** Wires the treasury: its schema, the keys (from the seed only), the nodes and the bus. */
export function treasuryModule(config: TreasuryConfig, source: KeySource, logger: Logger) {
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.NATS_URL, name: config.HOSTNAME, identity: 'treasury', logger },
        database: {
          url: config.DATABASE_URL,
          schema: TREASURY_SCHEMA,
          migrations: TREASURY_MIGRATIONS,
          poolSize: config.DB_POOL_SIZE,
          logger,
        },
      }),
    ],
    providers: [
      { provide: TREASURY_CONFIG, useValue: config },
      { provide: TREASURY_LOGGER, useValue: logger },
      {
        provide: TREASURY,
        inject: [Bus, DataSource, Registry, HealthService],
        useFactory: async (bus: Bus, dataSource: DataSource, registry: Registry, health: HealthService) => {
          const liquidity = await bus.kv(liquidityKv);
          const keys = new TreasuryKeys(source);
          // Made before the nodes, whose senders count what it stores as signed; the composition uses it too.
          const transfers = new TransferLifecycle(dataSource);
          const nodes = networkNodes(config, bus, keys, transfers, logger);
          // Nothing is signed before every real node is known to be the chain its settings name.
          await verifyNodes(nodes, logger);
          // Nor before every node (or the devnet) is the chain this database's books belong to:
          // checked now and after each failed request, so no transfer reaches a node on another chain.
          const pinned = await pinNodes(nodes, {
            pins: new SqlChainIdentityPins(dataSource),
            onMismatch: stopOnChainMismatch(logger, EXIT_CONFIG),
            logger,
          });
          const wallets = new WalletMetrics(registry);
          // Not ready while a network's node answers none of the liquidity refresh's balance reads.
          const silenceLimitMs = nodeSilenceLimitMs(config.LIQUIDITY_REFRESH_SECONDS * 1000);
          health.register('nodes', () => nodesReadiness(wallets.nodeContacts(), Date.now(), silenceLimitMs));
          const treasury = composeTreasury({
            dataSource,
            transfers,
            chains: byNetwork(pinned),
            keys,
            caps: config.caps,
            limits: config.limits,
            progress: async (progress) => {
              await bus.publish(engineInbox, [progress.swapId], progress, { msgId: engineInputId(progress) });
            },
            liquidity: async (entry) => {
              await liquidity.put(entry.code, entry);
            },
            clock: Date.now,
            logger,
            retry: DEFAULT_RETRY,
            liquidityMinIntervalMs: config.LIQUIDITY_MIN_INTERVAL_MS,
            sendBatch: config.TREASURY_SEND_BATCH,
            wallets,
          });
          registerTransferMetrics(registry, treasury.transferReports);
          registerPolicyMetrics(registry, treasury.freeze);
          // A freeze says so in /readyz (with its reasons) until an operator lifts it.
          health.register('signing', () => treasury.freeze.readiness());
          return treasury;
        },
      },
      TreasuryTimers,
    ],
    controllers: [TreasuryEventsController, TreasuryRpcController, TreasuryPolicyController],
  })
  class TreasuryModule {}
  return TreasuryModule;
}

/** The treasury's bus controllers on JetStream. */
export const treasuryTransport = busTransport({
  streams: [MONEY_COMMANDS_STREAM, SWAP_EVENTS_STREAM, ENGINE_INBOX_STREAM, DEPOSIT_RETURNS_STREAM],
  queue: 'treasury',
});
