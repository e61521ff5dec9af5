import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@swap/domain';
import { Devnet } from '@swap/devnet';
import { RepeatingTask } from '@swap/service-kit';

export const BLOCK_SECONDS = Symbol('BLOCK_SECONDS');
export const LOGGER = Symbol('LOGGER');

/** The devnet's block timer (its RPCs are DevnetRpcController's). */
@Injectable()
export class DevnetBlocks implements OnApplicationBootstrap, OnApplicationShutdown {
  private blocks: RepeatingTask | undefined;

  constructor(
    private readonly devnet: Devnet,
    @Inject(BLOCK_SECONDS) private readonly blockSeconds: number,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.blockSeconds > 0) {
      // Blocks come even when empty, so confirmations grow as on a real chain.
      this.blocks = new RepeatingTask(
        'devnet blocks',
        this.blockSeconds * 1000,
        () => this.devnet.mineAll(),
        this.logger,
      );
      await this.blocks.start();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.blocks?.stop();
  }
}
