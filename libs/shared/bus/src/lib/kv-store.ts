import type { Logger } from '@swap/domain';
import {
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { Kvm, type KV, type KvEntry } from '@nats-io/kv';
import { nanos } from '@nats-io/nats-core';
import type { KvContract } from '@swap/contracts';
import type { z } from 'zod';
import { decode, encodeJson, validate } from './codec';

/** `value` is null when the key was deleted, purged or expired. */
export type KvUpdate<T> = (key: string, value: T | null, revision: number) => void;

export interface KvWatchHandle {
  /** Resolves once the values present when the watch started have been delivered. */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Opens the bucket, creating it if absent; its owner also applies the contract's TTL and history
 * if they changed (the others' bus permissions do not let them change a bucket).
 */
export async function openKv<S extends z.ZodType>(
  js: JetStreamClient,
  jsm: JetStreamManager,
  contract: KvContract<S>,
  logger: Logger,
  options: { owner: boolean } = { owner: true },
): Promise<KvStore<S>> {
  const ttl = contract.ttlSeconds * 1000;
  const kv = await new Kvm(js).create(contract.bucket, { ttl, history: contract.history });
  // Kvm.create binds to an existing bucket as it is; a contract change must still take effect.
  const status = await kv.status();
  if (options.owner && (status.ttl !== ttl || status.history !== contract.history)) {
    await jsm.streams.update(status.streamInfo.config.name, {
      max_age: nanos(ttl),
      max_msgs_per_subject: contract.history,
    });
  }
  return new KvStore(kv, contract, logger);
}

/** A typed view of a bucket: values are JSON, validated on the way in and out. */
export class KvStore<S extends z.ZodType> {
  constructor(
    private readonly kv: KV,
    private readonly contract: KvContract<S>,
    private readonly logger: Logger,
  ) {}

  async get(key: string): Promise<z.output<S> | null> {
    const entry = await this.kv.get(key);
    if (!entry || entry.operation !== 'PUT') return null;
    return decode(this.contract.bucket, this.contract.schema, entry.value);
  }

  /** The value with its revision, for a compare-and-set update(); null when absent or deleted. */
  async read(key: string): Promise<{ value: z.output<S>; revision: number } | null> {
    const entry = await this.kv.get(key);
    if (!entry || entry.operation !== 'PUT') return null;
    return {
      value: decode(this.contract.bucket, this.contract.schema, entry.value),
      revision: entry.revision,
    };
  }

  /**
   * Writes only if the key is still at `revision` (compare-and-set): the new revision, or null when
   * someone wrote since.
   */
  async update(key: string, value: z.input<S>, revision: number): Promise<number | null> {
    try {
      return await this.kv.update(key, this.encode(value), revision);
    } catch (err) {
      if (err instanceof JetStreamApiError && isWrongLastSequence(err.code)) return null;
      throw err;
    }
  }

  /** Returns the new revision. */
  async put(key: string, value: z.input<S>): Promise<number> {
    return this.kv.put(key, this.encode(value));
  }

  /**
   * Writes only if the key does not exist, atomically on the server: one round trip when it is free.
   * False when it exists (a replayed nonce, a held lease).
   */
  async create(key: string, value: z.input<S>): Promise<boolean> {
    try {
      await this.kv.create(key, this.encode(value));
      return true;
    } catch (err) {
      if (err instanceof JetStreamApiError && isWrongLastSequence(err.code)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.kv.delete(key);
  }

  async keys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of await this.kv.keys()) keys.push(key);
    return keys;
  }

  /** Delivers every current value, then each change, until stopped. */
  async watch(onUpdate: KvUpdate<z.output<S>>): Promise<KvWatchHandle> {
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    // The watcher gives no signal for an empty bucket; the stream's message count does.
    if ((await this.kv.status()).values === 0) markReady();
    const entries = await this.kv.watch();
    void (async () => {
      for await (const entry of entries) {
        this.deliver(entry, onUpdate);
        // delta is the number of messages still pending: 0 means caught up with the bucket.
        if (entry.delta === 0 || entry.isUpdate) markReady();
      }
    })().catch((err: unknown) => this.logger.error({ err, bucket: this.contract.bucket }, 'kv watch failed'));
    return { ready, stop: () => entries.stop() };
  }

  private encode(value: z.input<S>): Uint8Array {
    return encodeJson(validate(this.contract.bucket, this.contract.schema, value));
  }

  /** One bad value or a failing callback must not end the watch that keeps a cache current. */
  private deliver(entry: KvEntry, onUpdate: KvUpdate<z.output<S>>): void {
    try {
      const value =
        entry.operation === 'PUT' ? decode(this.contract.bucket, this.contract.schema, entry.value) : null;
      onUpdate(entry.key, value, entry.revision);
    } catch (err) {
      this.logger.error({ err, bucket: this.contract.bucket, key: entry.key }, 'kv watch update skipped');
    }
  }
}

function isWrongLastSequence(code: number): boolean {
  return (
    code === JetStreamApiCodes.StreamWrongLastSequence ||
    code === JetStreamApiCodes.StreamWrongLastSequenceUnknown
  );
}
