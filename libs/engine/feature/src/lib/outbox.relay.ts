import { Bus, BusContractError } from '@swap/bus';
import {
  refundRequested,
  RefundRequested,
  swapUpdated,
  SwapSnapshot,
  treasuryPayoutRequested,
  TreasuryPayoutRequested,
} from '@swap/contracts';
import { OutboxRepository, PendingOutboxMessage, UndeliverableMessageError } from '@swap/engine-data';
import { JobLogger } from './expiry.job';

/**
 * Publishes committed outbox rows to JetStream with their stable id as Nats-Msg-Id. It runs after
 * every commit (kick) and on a short timer, so an event lost to a crash is sent on the next pass.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly bus: Bus,
    private readonly logger: JobLogger,
  ) {}

  start(intervalMs = 500): void {
    const tick = () => {
      this.kick();
      if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Relays now, or once more right after the pass under way. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => this.logger.error({ err }, 'outbox relay failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    while ((await this.outbox.relayBatch(200, (message) => this.publish(message))) > 0) {
      // keep going until the outbox is empty
    }
  }

  private async publish(message: PendingOutboxMessage): Promise<void> {
    try {
      await publishOutboxMessage(this.bus, message);
    } catch (err) {
      if (!(err instanceof UndeliverableMessageError || err instanceof BusContractError)) throw err;
      // Set aside, never retried: a message that breaks its contract would block every event behind it.
      this.logger.error(
        { err, msgId: message.msgId, outboxId: message.id },
        'outbox message is undeliverable',
      );
      throw err instanceof UndeliverableMessageError ? err : new UndeliverableMessageError(err.message);
    }
  }
}

/** Each outbox subject is one contract's: the swap events and the money commands. */
async function publishOutboxMessage(bus: Bus, message: PendingOutboxMessage): Promise<void> {
  const options = { msgId: message.msgId };
  const [head, middle, tail] = message.subject.split('.');
  if (head === 'swap' && tail === 'updated') {
    const snapshot = message.payload as SwapSnapshot;
    if (message.subject !== swapUpdated.subject(snapshot?.id))
      throw new UndeliverableMessageError(`swap event ${message.subject} for another swap`);
    await bus.publish(swapUpdated, [snapshot.id], snapshot, options);
  } else if (head === 'treasury' && middle === 'payout') {
    await bus.publish(treasuryPayoutRequested, [tail], message.payload as TreasuryPayoutRequested, options);
  } else if (head === 'refunds' && middle === 'refund') {
    await bus.publish(refundRequested, [tail], message.payload as RefundRequested, options);
  } else {
    throw new UndeliverableMessageError(`unknown outbox subject ${message.subject}`);
  }
}
