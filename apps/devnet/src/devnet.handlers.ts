import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { Bus, type ServeHandle } from '@swap/bus';
import { Devnet, serveDevnet } from '@swap/devnet';
import { RepeatingTask } from '@swap/service-kit';

export const BLOCK_SECONDS = Symbol('BLOCK_SECONDS');
export const LOGGER = Symbol('LOGGER');

/** The devnet's bus side (every devnet RPC) and its block timer. */
@Injectable()
export class DevnetHandlers implements OnApplicationBootstrap, OnApplicationShutdown {
  private handles: ServeHandle[] = [];
  private blocks: RepeatingTask | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly devnet: Devnet,
    @Inject(BLOCK_SECONDS) private readonly blockSeconds: number,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.handles = await serveDevnet(this.bus, this.devnet);
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
    await Promise.all(this.handles.map((handle) => handle.stop()));
  }
}
