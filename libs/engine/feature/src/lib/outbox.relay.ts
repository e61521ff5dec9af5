import type { Logger } from '@swap/domain';
import { Bus, BusContractError } from '@swap/bus';
import {
  OutboxMessage,
  OutboxRepository,
  PendingOutboxMessage,
  UndeliverableMessageError,
} from '@swap/engine-data';
import { logFailure } from '@swap/service-kit';
import { findOutboxContract, outboxContractOf } from './outbox.contracts';

/** Rows a pass reads at once. */
const RELAY_BATCH = 200;

/**
 * Publishes committed outbox rows to JetStream with their stable id as Nats-Msg-Id. The use cases
 * hand it each commit's messages (publishCommitted), which go out at once, in order; its passes
 * (after a kick and on a short timer) then only mark them, and publish whatever was not sent that
 * way: rows left by a crash, or by a failed publish — each swap's in order, different swaps' at
 * once. After such a failure every message goes through the passes until the outbox is drained,
 * so a swap's events never overtake each other.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Whether commits may publish their messages themselves; not before a pass found the outbox empty. */
  private direct = false;
  /** Message ids being published by publishCommitted, and published but not yet marked. */
  private readonly sending = new Set<string>();
  private readonly sent = new Set<string>();

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly bus: Bus,
    private readonly logger: Logger,
  ) {}

  /** Whether commits publish their own messages now (false until a pass found the outbox drained). */
  get publishesDirectly(): boolean {
    return this.direct;
  }

  start(intervalMs = 500): void {
    const tick = () => {
      this.kick();
      if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
    };
    tick();
  }

  /** Waits for the pass under way, then marks what was published directly (best effort). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    if (this.sent.size > 0) await this.drain().catch(() => undefined);
  }

  /** Relays now, or once more right after the pass under way. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => logFailure(this.logger, err, 'outbox relay failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * Publishes the messages a commit just wrote, in their order, without waiting for a pass; the
   * rows are marked by the next one. Never throws: on failure the passes take over.
   */
  async publishCommitted(messages: readonly OutboxMessage[]): Promise<void> {
    if (!this.direct) return this.kick();
    for (const message of messages) this.sending.add(message.msgId);
    try {
      for (const message of messages) {
        await this.publish(message);
        this.sending.delete(message.msgId);
        this.sent.add(message.msgId);
      }
    } catch (err) {
      this.direct = false;
      this.logger.error({ err }, 'publishing a commit failed; the outbox relay takes over');
      this.kick();
    } finally {
      for (const message of messages) this.sending.delete(message.msgId);
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      let later = 0;
      const handled = await this.outbox.relayBatch(
        RELAY_BATCH,
        async (message) => {
          // Published by its commit: only marked here. Being published right now: the next pass.
          if (this.sent.delete(message.msgId)) return;
          if (this.sending.has(message.msgId)) {
            later++;
            return false;
          }
          await this.publish(message);
        },
        swapOf,
      );
      // A full batch may have more behind it. A smaller one was all there was when it was read:
      // while commits publish their own messages, what they committed since is only left to mark,
      // and the next pass does (under load, looping on would read the outbox for a few rows at a
      // time, over and over). Until commits publish again, passes drain the outbox to the end.
      if (handled === RELAY_BATCH || (handled > 0 && !this.direct)) continue;
      if (handled === 0 && later === 0) this.direct = !this.stopped;
      return;
    }
  }

  private async publish(message: OutboxMessage | PendingOutboxMessage): Promise<void> {
    try {
      await publishOutboxMessage(this.bus, message);
    } catch (err) {
      if (!(err instanceof UndeliverableMessageError || err instanceof BusContractError)) throw err;
      // Set aside, never retried: a message that breaks its contract would block every event behind it.
      this.logger.error({ err, msgId: message.msgId }, 'outbox message is undeliverable');
      throw err instanceof UndeliverableMessageError ? err : new UndeliverableMessageError(err.message);
    }
  }
}

/** One swap's messages are published in order, different swaps' at once. */
function swapOf(message: PendingOutboxMessage): string {
  const relayed = findOutboxContract(message);
  const swapId = relayed && isObject(message.payload) ? relayed.swapId(message.payload) : undefined;
  // One that cannot be published goes in a lane of its own, where it is set aside.
  return typeof swapId === 'string' ? swapId : message.subject;
}

/**
 * Publishes a message through its contract's entry in the registry, on the subject it records:
 * one whose message names another (a swap event for another swap) is undeliverable.
 */
async function publishOutboxMessage(bus: Bus, message: OutboxMessage | PendingOutboxMessage): Promise<void> {
  const relayed = outboxContractOf(message);
  const { payload, msgId } = message;
  if (!isObject(payload)) throw new UndeliverableMessageError(`outbox message ${msgId} is not an object`);
  const params = relayed.params(payload);
  const subject = relayed.contract.subject(...params);
  if (subject !== message.subject) {
    throw new UndeliverableMessageError(
      `${relayed.contract.name} on ${message.subject}: its message is for ${subject}`,
    );
  }
  await relayed.publish(bus, params, payload, { msgId });
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
