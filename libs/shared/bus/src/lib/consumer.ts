import { Backoff, type Logger } from '@swap/domain';
import {
  AckPolicy,
  DeliverPolicy,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/nats-core';
import type { EventContract } from '@swap/contracts';
import { unavailability } from '@swap/service-kit';
import type { z } from 'zod';
import { decodeMessage } from './codec';
import { BusVersionError } from './errors';
import { MSG_ID_HEADER } from './publish';
import { settleWithin } from './settle';

export interface MessageMeta {
  subject: string;
  /** Stream sequence. */
  seq: number;
  redelivered: boolean;
  deliveryCount: number;
  /** The publisher's Nats-Msg-Id (the de-duplication key). */
  msgId: string | undefined;
}

export interface ConsumeOptions<T> {
  /** Durable name, shared by every instance of the consuming service. */
  durable: string;
  /** Subject filter; defaults to the contract's `filter`. */
  filter?: string;
  /** Server-side cap on unacknowledged messages (1 gives strict order, even across retries). */
  maxAckPending?: number;
  ackWaitMs?: number;
  /** Handlers running at once in this process; 1 (sequential) by default. */
  concurrency?: number;
  /** Redelivery delay after a handler error: initialMs doubled per delivery, capped at maxMs. */
  retry?: { initialMs: number; maxMs: number };
  handler: (message: T, meta: MessageMeta) => Promise<void>;
}

export interface ConsumerHandle {
  /** Stops pulling, hands buffered messages back and waits for running handlers. */
  stop(): Promise<void>;
}

export interface ConsumerDeps {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: () => Promise<JetStreamManager>;
  logger: Logger;
}

const RESTART_DELAY_MS = 1000;

/** Creates (or updates) the durable and starts pulling from it. */
export async function consume<S extends z.ZodType, P extends unknown[]>(
  deps: ConsumerDeps,
  contract: EventContract<S, P>,
  options: ConsumeOptions<z.output<S>>,
): Promise<ConsumerHandle> {
  const consumer = new EventConsumer(deps, contract, options);
  // The first ensure is awaited so a bad config fails the caller rather than a background loop.
  await consumer.ensure();
  consumer.start();
  return consumer;
}

class EventConsumer<S extends z.ZodType, P extends unknown[]> implements ConsumerHandle {
  private stopping = false;
  private messages: ConsumerMessages | undefined;
  private running: Promise<void> = Promise.resolve();
  private readonly ackWaitMs: number;
  private readonly concurrency: number;
  private readonly retry: { initialMs: number; maxMs: number };
  private readonly backoff: Backoff;

  constructor(
    private readonly deps: ConsumerDeps,
    private readonly contract: EventContract<S, P>,
    private readonly options: ConsumeOptions<z.output<S>>,
  ) {
    this.ackWaitMs = options.ackWaitMs ?? 30_000;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.retry = options.retry ?? { initialMs: 1000, maxMs: 60_000 };
    this.backoff = new Backoff({ firstMs: this.retry.initialMs, maxMs: this.retry.maxMs });
  }

  async ensure(): Promise<void> {
    const jsm = await this.deps.jsm();
    // On NATS 2.9 adding an existing durable with a different config updates it, so this is idempotent.
    await jsm.consumers.add(this.contract.stream.name, {
      durable_name: this.options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.options.filter ?? this.contract.filter,
      max_ack_pending: this.options.maxAckPending ?? 1000,
      ack_wait: nanos(this.ackWaitMs),
      max_deliver: -1,
    });
  }

  start(): void {
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.messages?.stop();
    await this.running;
    // Acks are fire-and-forget; make sure they reached the server before the caller moves on.
    await settleWithin(this.deps.nc.flush(), 2000);
  }

  private async run(): Promise<void> {
    const { logger } = this.deps;
    for (let attempt = 0; !this.stopping && !this.deps.nc.isClosed(); attempt++) {
      try {
        if (attempt > 0) await this.ensure();
        const consumer = await this.deps.js.consumers.get(this.contract.stream.name, this.options.durable);
        this.messages = await consumer.consume({ max_messages: Math.max(16, 4 * this.concurrency) });
        if (this.stopping) this.messages.stop();
        await this.pump(this.messages);
      } catch (err) {
        logger.warn({ err, durable: this.options.durable }, 'consumer failed');
      }
      if (!this.stopping && !this.deps.nc.isClosed()) {
        logger.warn({ durable: this.options.durable }, 'consumer ended unexpectedly; restarting');
        await this.pause(RESTART_DELAY_MS);
      }
    }
  }

  private async pump(messages: ConsumerMessages): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    try {
      for await (const m of messages) {
        if (this.stopping) {
          // Hand buffered messages back now instead of letting them sit until ack_wait expires.
          m.nak();
          continue;
        }
        const task: Promise<void> = this.handle(m).finally(() => inFlight.delete(task));
        inFlight.add(task);
        if (inFlight.size >= this.concurrency) await Promise.race(inFlight);
      }
    } finally {
      await Promise.all(inFlight);
    }
  }

  private async handle(m: JsMsg): Promise<void> {
    const { logger } = this.deps;
    const meta: MessageMeta = {
      subject: m.subject,
      seq: m.seq,
      redelivered: m.redelivered,
      deliveryCount: m.info.deliveryCount,
      msgId: m.headers?.get(MSG_ID_HEADER) || undefined,
    };
    const where = { contract: this.contract.name, durable: this.options.durable, ...meta };
    let message: z.output<S>;
    try {
      message = decodeMessage(this.contract, m);
    } catch (err) {
      if (err instanceof BusVersionError) {
        // An upgraded instance sharing this durable can take it; never drop it.
        logger.error({ ...where, err: err.message }, 'message from a newer contract version; returned');
        m.nak(this.retry.maxMs);
        return;
      }
      // A message that can never be parsed would otherwise be redelivered forever.
      logger.error({ ...where, err: (err as Error).message }, 'invalid message terminated');
      // No reason string: NATS 2.9 does not recognise "+TERM <reason>" and would redeliver.
      m.term();
      return;
    }
    // Tell the server a long handler is still alive, so the message is not redelivered meanwhile.
    const keepAlive = setInterval(() => m.working(), Math.max(500, this.ackWaitMs / 2));
    try {
      await this.options.handler(message, meta);
      m.ack();
    } catch (err) {
      const delay = this.backoff.delay(meta.deliveryCount - 1);
      // A dependency away (PostgreSQL restarting, a peer not answering) is no fault: one line, no stack.
      const away = unavailability(err);
      if (away)
        logger.info({ ...where, ...away, retryInMs: delay }, 'handler waiting; message will be redelivered');
      else logger.warn({ ...where, err, retryInMs: delay }, 'handler failed; message will be redelivered');
      m.nak(delay);
    } finally {
      clearInterval(keepAlive);
    }
  }

  private async pause(ms: number): Promise<void> {
    // Wake early when stop() is called, so stopping never waits for a full restart delay.
    for (let waited = 0; waited < ms && !this.stopping; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
