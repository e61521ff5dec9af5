import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import type { EventContract } from '@swap/contracts';
import type { z } from 'zod';
import { encodeJson, validate, versionHeaders } from './codec';
import { toUnavailable } from './errors';

export interface PublishOptions {
  /** De-duplication key (e.g. the outbox row id): a repeat within the stream's window is dropped. */
  msgId: string;
}

export interface PublishResult {
  seq: number;
  duplicate: boolean;
}

export async function publish<S extends z.ZodType, P extends unknown[]>(
  js: JetStreamClient,
  contract: EventContract<S, P>,
  params: P,
  message: z.input<S>,
  options: PublishOptions,
): Promise<PublishResult> {
  if (!options.msgId) throw new Error(`${contract.name}: msgId is required`);
  const payload = validate(contract.name, contract.schema, message);
  const subject = contract.subject(...params);
  let ack: PubAck;
  try {
    ack = await js.publish(subject, encodeJson(payload), {
      msgID: options.msgId,
      headers: versionHeaders(contract.version),
    });
  } catch (err) {
    throw toUnavailable(subject, err);
  }
  return { seq: ack.seq, duplicate: ack.duplicate };
}
