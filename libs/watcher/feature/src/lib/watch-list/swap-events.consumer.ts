import type { Bus, ConsumerHandle } from '@swap/bus';
import { SWAP_EVENTS_STREAM, swapUpdated } from '@swap/contracts';
import type { Network } from '@swap/domain';
import type { RecordSwap } from './record-swap.use-case';

/**
 * The swap events, into the watch list. The durable is shared by every replica of the network's
 * watcher (one table), and replays the whole stream into a fresh database.
 */
export class SwapEventsConsumer {
  readonly durable: string;
  private handle: ConsumerHandle | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly recordSwap: RecordSwap,
    network: Network,
  ) {
    this.durable = `watcher-${network.toLowerCase()}`;
  }

  async start(): Promise<void> {
    this.handle = await this.bus.consume(swapUpdated, {
      durable: this.durable,
      // Safe out of order: a stored swap version never goes back.
      concurrency: 8,
      handler: async (swap) => void (await this.recordSwap.execute(swap)),
    });
  }

  async stop(): Promise<void> {
    await this.handle?.stop();
    this.handle = undefined;
  }

  /** True once every swap event published so far has been recorded (by any replica). */
  async caughtUp(): Promise<boolean> {
    const jsm = await this.bus.manager();
    const info = await jsm.consumers.info(SWAP_EVENTS_STREAM.name, this.durable);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  }
}
