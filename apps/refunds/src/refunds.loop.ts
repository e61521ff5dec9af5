import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { Bus } from '@swap/bus';
import { chainRelay, PinnedChain, SqlChainIdentityPins, stopOnChainMismatch, verifyNodes } from '@swap/chain';
import { NETWORKS } from '@swap/domain';
import { InboxPublisher, RefundWorker, registerRefundMetrics, TreasurySigner } from '@swap/refunds';
import { RefundRepository } from '@swap/refunds-data';
import { EXIT_CONFIG, RepeatingTask } from '@swap/service-kit';
import type { RefundsConfig } from './refunds.config';

/**
 * The refund workers: every network's refunds moved along with the same exactly-once rules as
 * payouts (the treasury signs; the bytes are stored before they are sent).
 */
@Injectable()
export class RefundsLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: RepeatingTask[] = [];

  constructor(
    private readonly bus: Bus,
    private readonly refunds: RefundRepository,
    private readonly dataSource: DataSource,
    private readonly registry: Registry,
    @Inject('CONFIG') private readonly config: RefundsConfig,
    @Inject('LOGGER') private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    registerRefundMetrics(this.registry, this.refunds);
    const signer = new TreasurySigner(this.bus);
    const publisher = new InboxPublisher(this.bus);
    const relays = NETWORKS.map((network) => ({
      network,
      ...chainRelay(network, process.env, { bus: this.bus, logger: this.logger }),
    }));
    await verifyNodes(relays, this.logger);
    // Stored bytes go only to the chain they were signed for: each node's identity is pinned here.
    const pins = new SqlChainIdentityPins(this.dataSource);
    const onMismatch = stopOnChainMismatch(this.logger, EXIT_CONFIG);
    const pinned = await Promise.all(
      relays.map(async ({ network, reader, sender }) => {
        const guard = new PinnedChain(network, reader, {
          pins,
          onMismatch,
          logger: this.logger,
        });
        await guard.checkAtStart();
        return { network, reader: guard.reader(reader), sender: guard.sender(sender) };
      }),
    );
    const workers = pinned.map(
      ({ network, reader, sender }) =>
        new RefundWorker(network, this.refunds, signer, sender, reader, publisher, this.logger),
    );
    for (const worker of workers) {
      const task = new RepeatingTask(
        `refunds ${worker.network}`,
        this.config.REFUNDS_POLL_MS,
        () => worker.runOnce(),
        this.logger,
      );
      this.tasks.push(task);
      void task.start();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.tasks.map((task) => task.stop()));
  }
}
