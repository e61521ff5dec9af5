import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import type { Bus, ConsumerGroup, ConsumerHandle, MessageMeta } from '@swap/bus';
import { SWAP_EVENTS_STREAM, swapUpdated, watcherSwapsDurable, type SwapSnapshot } from '@swap/contracts';
import type { Network } from '@swap/domain';

/**
 * Recording a swap takes milliseconds. After a replica dies, the events it had pulled come back
 * after this long, so a short wait keeps a restarted watcher from standing still for long.
 */
const ACK_WAIT_MS = 5_000;

/**
 * The swap events, into the watch list (the handler is the watcher's `@OnGroupEvent` method). The
 * durable is shared by every replica of the network's watcher (one table), and replays the whole
 * stream into a fresh database; caughtUp() tells the chain follower when it has.
 */
export class SwapEventsConsumer implements ConsumerGroup {
  readonly durable: string;
  private handle: ConsumerHandle | undefined;
  /** The stream's last sequence when caughtUp() was first asked since start: what "caught up" means. */
  private target: number | undefined;

  constructor(
    private readonly bus: Bus,
    network: Network,
  ) {
    this.durable = watcherSwapsDurable(network);
  }

  async start(record: (swap: SwapSnapshot, meta: MessageMeta) => Promise<void>): Promise<void> {
    this.handle = await this.bus.consume(swapUpdated, {
      durable: this.durable,
      // Safe out of order: a stored swap version never goes back.
      concurrency: 8,
      ackWaitMs: ACK_WAIT_MS,
      handler: record,
    });
  }

  async stop(): Promise<void> {
    await this.handle?.stop();
    this.handle = undefined;
    this.target = undefined;
  }

  /**
   * True once every swap event published before the first call has been recorded (by any
   * replica). Later events do not hold the watcher back: swaps keep changing on a busy service, and
   * an address learned late is looked for in the blocks kept (LateAddressRescan).
   */
  async caughtUp(): Promise<boolean> {
    const jsm = await this.bus.manager();
    this.target ??= (await jsm.streams.info(SWAP_EVENTS_STREAM.name)).state.last_seq;
    const info = await jsm.consumers.info(SWAP_EVENTS_STREAM.name, this.durable).catch((err: unknown) => {
      // Its first start is yet to come (the bus transport starts once the service is built).
      if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.ConsumerNotFound) return null;
      throw err;
    });
    if (!info) return false;
    const idle = info.num_pending === 0 && info.num_ack_pending === 0;
    return idle || info.ack_floor.stream_seq >= this.target;
  }
}
