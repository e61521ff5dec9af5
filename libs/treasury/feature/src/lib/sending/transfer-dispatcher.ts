import { NETWORKS, type Network, type Logger } from '@swap/domain';
import type { NetworkSender } from './network-sender';
import { logFailure } from '@swap/service-kit';

/** The network senders of this process: kicked when a transfer is planned, and on a timer for retries. */
export class TransferDispatcher {
  private readonly senders: Map<Network, NetworkSender>;

  constructor(
    senders: NetworkSender[],
    private readonly logger: Logger,
  ) {
    this.senders = new Map(senders.map((sender) => [sender.network, sender]));
  }

  /** Sends what is due on `network` and resolves when that pass is over. */
  async drain(network: Network): Promise<void> {
    const sender = this.senders.get(network);
    if (!sender) throw new Error(`no sender for ${network}`);
    await sender.drain();
  }

  /** Starts a pass without waiting for it; a failure is logged, and the timer tries again. */
  kick(network: Network): void {
    this.drain(network).catch((err: unknown) => logFailure(this.logger, err, 'sending failed', { network }));
  }

  /** Resolves once every pass started so far is over (for a clean shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.senders.values()].map((sender) => sender.settled()));
  }

  async drainAll(): Promise<void> {
    await Promise.all(
      NETWORKS.filter((network) => this.senders.has(network)).map((network) =>
        this.drain(network).catch((err: unknown) =>
          logFailure(this.logger, err, 'sending failed', { network }),
        ),
      ),
    );
  }
}
