import type { z } from 'zod';
import { Bus } from '@swap/bus';
import {
  defineEvent,
  defineStream,
  engineInput,
  engineInputId,
  swapSnapshot,
  type EngineInput,
  type EventContract,
} from '@swap/contracts';
import { forEachLimited } from './limited';

/** A stream of its own on the same nats-server, configured as the services' streams are (file storage). */
const BASELINE_STREAM = defineStream({
  name: 'BENCH_BASELINE',
  subjects: ['bench.baseline.>'],
  maxAgeSeconds: 3600,
  duplicateWindowSeconds: 120,
});

/** A service's messages on the baseline stream: same schema, validation, headers and de-duplication id. */
export interface BaselineMessages<S extends z.ZodType> {
  event: EventContract<S, [string]>;
  /** The subject token (a swap id) and the de-duplication id of a message. */
  token: (message: z.input<S>) => string;
  id: (message: z.input<S>) => string;
}

/** The engine inbox's messages (swaps.bench). */
export const ENGINE_INPUTS: BaselineMessages<typeof engineInput> = {
  event: defineEvent({
    name: 'bench.baseline.input',
    version: 1,
    stream: BASELINE_STREAM,
    filter: 'bench.baseline.input.>',
    subject: (swapId: string) => `bench.baseline.input.${swapId}`,
    schema: engineInput,
  }),
  token: (message: EngineInput) => message.swapId,
  id: engineInputId,
};

/** The swap events the notifier reads (gateway.bench's webhook figure). */
export const SWAP_UPDATES: BaselineMessages<typeof swapSnapshot> = {
  event: defineEvent({
    name: 'bench.baseline.swap',
    version: 1,
    stream: BASELINE_STREAM,
    filter: 'bench.baseline.swap.>',
    subject: (swapId: string) => `bench.baseline.swap.${swapId}`,
    schema: swapSnapshot,
  }),
  token: (swap) => swap.id,
  id: (swap) => `${swap.id}:${swap.version}`,
};

export interface BaselineSettings {
  /** Publishes awaiting their PubAck at once. */
  publishConcurrency: number;
  /** Handlers at once in the consumer (the engine's ENGINE_INBOX_CONCURRENCY). */
  consumeConcurrency: number;
}

export interface BaselineResult {
  messages: number;
  seconds: number;
  /** Messages published, consumed and acknowledged per second. */
  rate: number;
}

/**
 * The raw JetStream rate through the services' own client code (@swap/bus): every message is
 * published awaiting its PubAck, consumed by a durable pull consumer with explicit acks, and
 * counted once acknowledged. The handler does nothing, so this is the bus alone.
 */
export async function measureJetStream<S extends z.ZodType>(
  bus: Bus,
  kind: BaselineMessages<S>,
  messages: ReadonlyArray<z.input<S>>,
  settings: BaselineSettings,
  durable: string,
): Promise<BaselineResult> {
  await bus.ensureStream(BASELINE_STREAM);
  // A new durable reads the stream from its start: only this run's messages may be in it.
  await (await bus.manager()).streams.purge(BASELINE_STREAM.name);
  let handled = 0;
  let allHandled!: () => void;
  const done = new Promise<void>((resolve) => (allHandled = resolve));
  const consumer = await bus.consume(kind.event, {
    durable,
    concurrency: settings.consumeConcurrency,
    maxAckPending: Math.max(256, settings.consumeConcurrency * 4),
    handler: async () => {
      if (++handled === messages.length) allHandled();
    },
  });
  const started = performance.now();
  await forEachLimited(messages, settings.publishConcurrency, async (message) => {
    await bus.publish(kind.event, [kind.token(message)], message, {
      msgId: `${durable}:${kind.id(message)}`,
    });
  });
  await done;
  // The last ack leaves right after its handler: once the server answered this flush, it has it.
  await bus.connection.flush();
  const seconds = (performance.now() - started) / 1000;
  await consumer.stop();
  const info = await (await bus.manager()).consumers.info(BASELINE_STREAM.name, durable);
  if (info.num_ack_pending !== 0 || info.num_pending !== 0)
    throw new Error(
      `baseline consumer not drained: ${info.num_pending} pending, ${info.num_ack_pending} unacked`,
    );
  return { messages: messages.length, seconds, rate: messages.length / seconds };
}
