import {
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import type { StreamContract } from '@swap/contracts';

/** JetStream's "stream name already in use with a different configuration". */
const STREAM_NAME_EXIST = 10058;

/**
 * Creates the stream or, for its owner, brings an existing one up to the contract. Adding an
 * identical config is a no-op on the server, so processes starting together may all call this.
 * Others leave an existing stream as it is: their bus permissions do not let them change it.
 */
export async function ensureStream(
  jsm: JetStreamManager,
  stream: StreamContract,
  options: { owner: boolean } = { owner: true },
): Promise<void> {
  const mutable: Partial<StreamConfig> = {
    subjects: stream.subjects,
    max_age: nanos(stream.maxAgeSeconds * 1000),
    duplicate_window: nanos(stream.duplicateWindowSeconds * 1000),
  };
  try {
    await jsm.streams.add({
      name: stream.name,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      ...mutable,
    });
  } catch (err) {
    if (!(err instanceof JetStreamApiError) || err.code !== STREAM_NAME_EXIST) throw err;
    if (options.owner) await jsm.streams.update(stream.name, mutable);
  }
}
