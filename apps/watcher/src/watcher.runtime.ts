import type { Logger } from '@swap/domain';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { Bus } from '@swap/bus';
import type { SwapSnapshot } from '@swap/contracts';
import { EXIT_CONFIG, HealthService } from '@swap/service-kit';
import {
  createNetworkWatcher,
  nodeReadiness,
  nodeSilenceLimitMs,
  RecordSwap,
  SwapEventsConsumer,
  WatcherMetrics,
  type NetworkWatcher,
} from '@swap/watcher';
import { WatchListRepository } from '@swap/watcher-data';
import {
  chainReader,
  PinnedChain,
  SqlChainIdentityPins,
  stopOnChainMismatch,
  verifyNodes,
  type FatalLogger,
  nodeSettings,
} from '@swap/chain';
import type { WatcherConfig } from './watcher.config';

export const WATCHER_CONFIG = Symbol('WATCHER_CONFIG');
export const WATCHER_LOGGER = Symbol('WATCHER_LOGGER');

/** Builds the watch list's recorder (every replica) and starts the chain follower (the lease holder). */
@Injectable()
export class WatcherRuntime implements OnApplicationBootstrap, OnModuleDestroy {
  private watcher: NetworkWatcher | undefined;
  private recordSwap: RecordSwap | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly dataSource: DataSource,
    private readonly registry: Registry,
    private readonly health: HealthService,
    private readonly consumer: SwapEventsConsumer,
    @Inject(WATCHER_CONFIG) private readonly config: WatcherConfig,
    @Inject(WATCHER_LOGGER) private readonly logger: Logger & FatalLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { network, settings } = this.config;
    const node = chainReader(network, nodeSettings(network, process.env), {
      bus: this.bus,
      accountPublic: this.config.accountPublic,
      logger: this.logger,
    });
    // A node on another chain, or without the token contract, stops the watcher before it reads a block.
    await verifyNodes([{ network, reader: node }], this.logger);
    // So does a node (or devnet) on another chain than the one this database's blocks came from.
    const pinned = new PinnedChain(network, node, {
      pins: new SqlChainIdentityPins(this.dataSource),
      onMismatch: stopOnChainMismatch(this.logger, EXIT_CONFIG),
      logger: this.logger,
    });
    await pinned.checkAtStart();
    const reader = pinned.reader(node);
    const watchList = new WatchListRepository(this.dataSource);
    // A node-side wallet restored from its keys knows only the addresses it was told of since:
    // it is told of every one handed out before it reads a block (Monero subaddresses).
    const highest = await watchList.highestDepositIndex(network);
    if (highest !== null && reader.expectAddresses) {
      await reader.expectAddresses(highest);
      this.logger.info({ network, highest }, 'deposit addresses expected up to the highest handed out');
    }
    this.recordSwap = new RecordSwap(watchList, network, async (index) => reader.expectAddresses?.(index));
    const metrics = new WatcherMetrics(this.registry, network);
    // Only the follower asks the node; a standby stays ready to take over (see nodeReadiness).
    const silenceLimitMs = nodeSilenceLimitMs(this.config.pollMs);
    this.health.register('node', () =>
      nodeReadiness(network, metrics.nodeContact(), Date.now(), silenceLimitMs),
    );
    this.watcher = await createNetworkWatcher({
      reader,
      bus: this.bus,
      dataSource: this.dataSource,
      settings,
      owner: this.config.hostname,
      watchListCaughtUp: () => this.consumer.caughtUp(),
      logger: this.logger,
      progress: metrics,
    });
    this.watcher.start(this.config.pollMs);
    this.logger.info(
      {
        network,
        hotWallet: settings.hotWallet,
        startDepth: settings.startDepth,
        keepBlocks: settings.keepBlocks,
      },
      'watching',
    );
  }

  /** A swap event into the watch list (WatchListController's handler). */
  async record(swap: SwapSnapshot): Promise<void> {
    if (!this.recordSwap) throw new Error('the watch list is recorded only once the watcher has started');
    await this.recordSwap.execute(swap);
  }

  // Before the bus and the database close (their hooks run at application shutdown).
  async onModuleDestroy(): Promise<void> {
    await this.watcher?.stop();
  }
}
