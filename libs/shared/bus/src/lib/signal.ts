import type { Logger } from '@swap/domain';
import type { NatsConnection } from '@nats-io/nats-core';
import type { SignalContract } from '@swap/contracts';
import type { z } from 'zod';
import { decodeMessage, encodeJson, validate, versionHeaders } from './codec';
import { settleWithin } from './settle';

export type SignalHandler<S extends z.ZodType> = (message: z.output<S>) => void | Promise<void>;

export interface SignalHandle {
  stop(): Promise<void>;
}

export function sendSignal<S extends z.ZodType>(
  nc: NatsConnection,
  contract: SignalContract<S>,
  message: z.input<S>,
): void {
  const payload = validate(contract.name, contract.schema, message);
  nc.publish(contract.subject, encodeJson(payload), { headers: versionHeaders(contract.version) });
}

export async function onSignal<S extends z.ZodType>(
  nc: NatsConnection,
  logger: Logger,
  contract: SignalContract<S>,
  handler: SignalHandler<S>,
): Promise<SignalHandle> {
  const sub = nc.subscribe(contract.subject, {
    callback: (err, msg) => {
      if (err) {
        logger.error({ err, signal: contract.name }, 'signal subscription failed');
        return;
      }
      // A lost signal is harmless by contract, so a bad one is logged and dropped.
      let message: z.output<S>;
      try {
        message = decodeMessage(contract, msg);
      } catch (e) {
        logger.warn({ err: (e as Error).message, signal: contract.name }, 'invalid signal dropped');
        return;
      }
      Promise.resolve()
        .then(() => handler(message))
        .catch((e: unknown) => logger.error({ err: e, signal: contract.name }, 'signal handler failed'));
    },
  });
  await nc.flush();
  return {
    async stop() {
      if (!sub.isClosed()) await settleWithin(sub.drain(), 2000);
    },
  };
}
