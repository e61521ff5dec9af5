import { DeliverPolicy } from '@nats-io/jetstream';
import type { Bus } from '@swap/bus';

export interface StreamReader {
  close(): Promise<void>;
}

const decoder = new TextDecoder();

/**
 * Hands every message stored from now on under `filter` of `stream` to `onMessage`, decoded from
 * JSON, with the time JetStream stored it (wall clock, ms): the stream's own timestamps, so the
 * bench process's scheduling does not move them. An ordered consumer: nothing to clean up.
 */
export async function readStream(
  bus: Bus,
  stream: string,
  filter: string,
  onMessage: (message: unknown, storedAt: number) => void,
): Promise<StreamReader> {
  const consumer = await bus.js.consumers.get(stream, {
    filter_subjects: filter,
    deliver_policy: DeliverPolicy.New,
  });
  const messages = await consumer.consume({ max_messages: 1000 });
  const reading = (async () => {
    for await (const m of messages)
      onMessage(JSON.parse(decoder.decode(m.data)), Number(m.timestampNanos / 1000n) / 1000);
  })();
  return {
    close: async () => {
      messages.stop();
      await reading;
    },
  };
}
