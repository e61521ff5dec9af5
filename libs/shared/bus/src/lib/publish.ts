import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/nats-core';
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

/** JetStream's de-duplication header. */
export const MSG_ID_HEADER = 'Nats-Msg-Id';

export interface EncodedEvent {
  subject: string;
  payload: Uint8Array;
  headers: MsgHdrs;
}

/** An event as it goes on the wire: validated against its contract, with its version and msgId. */
export function encodeEvent<S extends z.ZodType, P extends unknown[]>(
  contract: EventContract<S, P>,
  params: P,
  message: z.input<S>,
  options: PublishOptions,
): EncodedEvent {
  if (!options.msgId) throw new Error(`${contract.name}: msgId is required`);
  const payload = validate(contract.name, contract.schema, message);
  const headers = versionHeaders(contract.version);
  headers.set(MSG_ID_HEADER, options.msgId);
  return { subject: contract.subject(...params), payload: encodeJson(payload), headers };
}

export async function publish<S extends z.ZodType, P extends unknown[]>(
  js: JetStreamClient,
  contract: EventContract<S, P>,
  params: P,
  message: z.input<S>,
  options: PublishOptions,
): Promise<PublishResult> {
  const { subject, payload, headers } = encodeEvent(contract, params, message, options);
  let ack: PubAck;
  try {
    ack = await js.publish(subject, payload, { headers });
  } catch (err) {
    throw toUnavailable(subject, err);
  }
  return { seq: ack.seq, duplicate: ack.duplicate };
}
