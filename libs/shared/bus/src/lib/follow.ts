import type { Logger } from '@swap/domain';
import {
  DeliverPolicy,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { EventContract } from '@swap/contracts';
import type { z } from 'zod';
import { decodeMessage } from './codec';
import { settleWithin } from './settle';

const FOLLOW_PULL_MS = 5000;

export interface FollowHandle {
  stop(): Promise<void>;
}

export interface FollowDeps {
  js: JetStreamClient;
  jsm: () => Promise<JetStreamManager>;
  logger: Logger;
}

/**
 * Every event of a contract published from now on, in stream order, with no gap: an ordered
 * consumer of this process alone (no durable, no acks), which the client recreates at the next
 * sequence after a lost connection or a missed message. So each replica of a service sees every
 * event, unlike a durable shared between them. An event this process cannot read is logged and skipped.
 */
export async function follow<S extends z.ZodType, P extends unknown[]>(
  deps: FollowDeps,
  contract: EventContract<S, P>,
  handler: (message: z.output<S>) => void,
): Promise<FollowHandle> {
  const consumer = await deps.js.consumers.get(contract.stream.name, {
    filter_subjects: contract.filter,
    deliver_policy: DeliverPolicy.New,
  });
  // Short pulls: a pull lost with the connection is noticed (missed heartbeats) within seconds.
  const messages = await consumer.consume({ expires: FOLLOW_PULL_MS });
  const done = (async () => {
    for await (const msg of messages) {
      const message = readable(deps.logger, contract, msg);
      if (message !== undefined) handler(message);
    }
  })();
  return {
    async stop() {
      await stopMessages(messages);
      await settleWithin(done, 2000);
    },
  };
}

/**
 * Every stored event of one subject, oldest first: what the stream still holds for it (its
 * retention), read up to the last one stored when the call began.
 */
export async function replay<S extends z.ZodType, P extends unknown[]>(
  deps: FollowDeps,
  contract: EventContract<S, P>,
  params: P,
): Promise<z.output<S>[]> {
  const subject = contract.subject(...params);
  const jsm = await deps.jsm();
  // null when the stream holds none of the subject.
  const last = await jsm.streams.getMessage(contract.stream.name, { last_by_subj: subject });
  if (!last) return [];
  const consumer = await deps.js.consumers.get(contract.stream.name, {
    filter_subjects: subject,
    deliver_policy: DeliverPolicy.All,
  });
  const messages = await consumer.consume();
  const found: z.output<S>[] = [];
  try {
    for await (const msg of messages) {
      const message = readable(deps.logger, contract, msg);
      if (message !== undefined) found.push(message);
      if (msg.seq >= last.seq) break;
    }
  } finally {
    await stopMessages(messages);
  }
  return found;
}

function readable<S extends z.ZodType>(
  logger: Logger,
  contract: { name: string; version: number; schema: S },
  msg: JsMsg,
): z.output<S> | undefined {
  try {
    return decodeMessage(contract, msg);
  } catch (error) {
    logger.warn(
      { err: (error as Error).message, event: contract.name, seq: msg.seq },
      'unreadable event skipped',
    );
    return undefined;
  }
}

async function stopMessages(messages: ConsumerMessages): Promise<void> {
  await settleWithin(
    messages.close().then(() => undefined),
    2000,
  );
}
