import { Bus } from '@swap/bus';
import { defineEvent, defineStream, engineInput, engineInputId, type EngineInput } from '@swap/contracts';
import { forEachLimited } from './limited';

/** A stream of its own on the same nats-server, configured as the services' streams are (file storage). */
const BASELINE_STREAM = defineStream({
  name: 'BENCH_BASELINE',
  subjects: ['bench.baseline.>'],
  maxAgeSeconds: 3600,
  duplicateWindowSeconds: 120,
});

/** The engine inbox's message on that stream: same schema, validation, headers and de-duplication id. */
const baselineInput = defineEvent({
  name: 'bench.baseline.input',
  version: 1,
  stream: BASELINE_STREAM,
  filter: 'bench.baseline.>',
  subject: (swapId: string) => `bench.baseline.${swapId}`,
  schema: engineInput,
});

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
export async function measureJetStream(
  bus: Bus,
  messages: readonly EngineInput[],
  settings: BaselineSettings,
  durable: string,
): Promise<BaselineResult> {
  await bus.ensureStream(BASELINE_STREAM);
  let handled = 0;
  let allHandled!: () => void;
  const done = new Promise<void>((resolve) => (allHandled = resolve));
  const consumer = await bus.consume(baselineInput, {
    durable,
    concurrency: settings.consumeConcurrency,
    maxAckPending: Math.max(256, settings.consumeConcurrency * 4),
    handler: async () => {
      if (++handled === messages.length) allHandled();
    },
  });
  const started = performance.now();
  await forEachLimited(messages, settings.publishConcurrency, async (message) => {
    await bus.publish(baselineInput, [message.swapId], message, {
      msgId: `${durable}:${engineInputId(message)}`,
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
