import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { Bus } from '@swap/bus';
import { addressSigner, chainAdapters, type ChainReader, type ChainSender } from '@swap/chain';
import { engineInbox, engineInputId, liquidityKv } from '@swap/contracts';
import { NETWORKS, type Network } from '@swap/domain';
import { busAndDatabaseWithProbes } from '@swap/persistence';
import { composeTreasury, DEFAULT_RETRY, TreasuryKeys, type ChainNodes } from '@swap/treasury';
import { TREASURY_MIGRATIONS, TREASURY_SCHEMA } from '@swap/treasury-data';
import type { TreasuryConfig } from './treasury.config';
import { TreasuryHandlers } from './treasury.handlers';
import { TREASURY, TREASURY_CONFIG, TREASURY_LOGGER } from './treasury.tokens';

/** One reader and sender per network: the devnet unless <NETWORK>_RPC_URL names a node (D10, D11). */
function chainNodes(bus: Bus): ChainNodes {
  const nodes = new Map<Network, { reader: ChainReader; sender: ChainSender }>(
    NETWORKS.map((network) => [network, chainAdapters(network, process.env, bus)]),
  );
  const of = (network: Network) => {
    const node = nodes.get(network);
    if (!node) throw new Error(`no node for ${network}`);
    return node;
  };
  return { reader: (network) => of(network).reader, sender: (network) => of(network).sender };
}

/** Wires the treasury: its schema, the keys (from the seed only), the nodes and the bus. */
export function treasuryModule(config: TreasuryConfig, seed: Uint8Array, logger: Logger) {
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.NATS_URL, name: config.HOSTNAME, logger },
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
        inject: [Bus, DataSource],
        useFactory: async (bus: Bus, dataSource: DataSource) => {
          const liquidity = await bus.kv(liquidityKv);
          return composeTreasury({
            dataSource,
            chains: chainNodes(bus),
            keys: new TreasuryKeys(seed, addressSigner),
            caps: config.caps,
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
          });
        },
      },
      TreasuryHandlers,
    ],
  })
  class TreasuryModule {}
  return TreasuryModule;
}
