import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from '@swap/domain';
import type { Watcher } from '@swap/watcher';
import type { WatcherConfig } from './watcher.config';
import { WATCHER, WATCHER_CONFIG, WATCHER_LOGGER } from './watcher.tokens';

/** The chain follower's timer: it polls while this replica holds the network's lease. */
@Injectable()
export class WatcherFollower implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    @Inject(WATCHER) private readonly watcher: Watcher,
    @Inject(WATCHER_CONFIG) private readonly config: WatcherConfig,
    @Inject(WATCHER_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { network, settings, pollMs } = this.config;
    await this.watcher.expectHandedOut();
    this.watcher.follower.start(pollMs);
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

  // Before the bus and the database close (their hooks run at application shutdown).
  async onModuleDestroy(): Promise<void> {
    await this.watcher.follower.stop();
  }
}
