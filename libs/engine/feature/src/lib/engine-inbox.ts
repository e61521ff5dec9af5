import type { Logger } from '@swap/domain';
import type { Bus, ConsumerGroup, ConsumerHandle, MessageMeta } from '@swap/bus';
import { engineInbox, engineInboxDurable, EngineInput, enginePartitionFilter } from '@swap/contracts';
import { RepeatingTask } from '@swap/service-kit';
import { PartitionLeases } from './partition-leases';

export interface InboxSettings {
  /** How often leases are renewed and rebalanced; well under the lease time. */
  roundMs: number;
  /** Inputs handled at once per partition (different swaps; one swap's stay in order). */
  concurrency: number;
}

/**
 * The engine's inbox: one durable consumer per partition this instance holds the lease of. One
 * swap's inputs share a partition, so exactly one instance applies them, one at a time, in order;
 * a message is acknowledged only after the transition it caused is committed. The handler is the
 * engine's `@OnGroupEvent(engineInbox, …)` method, which the bus transport hands to start().
 */
export class EngineInbox implements ConsumerGroup {
  private readonly consumers = new Map<number, ConsumerHandle>();
  private task: RepeatingTask | undefined;
  private handle: ((input: EngineInput, meta: MessageMeta) => Promise<void>) | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly leases: PartitionLeases,
    private readonly settings: InboxSettings,
    private readonly logger: Logger,
  ) {}

  get partitions(): number[] {
    return [...this.consumers.keys()].sort((a, b) => a - b);
  }

  /** `meta.seq`, the input's stream sequence, orders reports of the same deposit. */
  async start(handle: (input: EngineInput, meta: MessageMeta) => Promise<void>): Promise<void> {
    this.handle = handle;
    this.task = new RepeatingTask('partition leases', this.settings.roundMs, () => this.round(), this.logger);
    await this.task.start();
  }

  /** Stops every consumer (running handlers finish), then gives the leases back. */
  async stop(): Promise<void> {
    await this.task?.stop();
    await Promise.all(this.partitions.map((p) => this.stopConsumer(p)));
    await this.leases.releaseAll();
  }

  async round(): Promise<void> {
    const { acquired, lost, surplus } = await this.leases.round();
    for (const partition of lost) await this.stopConsumer(partition);
    for (const partition of surplus) {
      await this.stopConsumer(partition);
      await this.leases.release(partition);
    }
    // Every leased partition gets its consumer, also one whose start failed in an earlier round.
    for (const partition of this.leases.partitions)
      if (!this.consumers.has(partition)) await this.startConsumer(partition);
    if (acquired.length + lost.length + surplus.length > 0)
      this.logger.info(
        { owner: this.leases.owner, partitions: this.partitions, lost, surplus },
        'engine partitions',
      );
  }

  private async startConsumer(partition: number): Promise<void> {
    const handle = await this.bus.consume(engineInbox, {
      durable: engineInboxDurable(partition),
      filter: enginePartitionFilter(partition),
      concurrency: this.settings.concurrency,
      maxAckPending: Math.max(256, this.settings.concurrency * 4),
      // Inputs a dead instance had pulled come back when its partitions move, not 30 s later;
      // a longer handler keeps its message with working() meanwhile.
      ackWaitMs: this.leases.leaseMs,
      retry: { initialMs: 500, maxMs: 30_000 },
      handler: (input, meta) => {
        if (!this.handle) throw new Error('the engine inbox consumes only once started');
        return this.handle(input, meta);
      },
    });
    this.consumers.set(partition, handle);
  }

  private async stopConsumer(partition: number): Promise<void> {
    const handle = this.consumers.get(partition);
    this.consumers.delete(partition);
    await handle?.stop();
  }
}
