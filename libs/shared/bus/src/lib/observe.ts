import type { Logger } from '@swap/domain';
import type { NatsConnection, Status } from '@nats-io/nats-core';
import type { EventContract } from '@swap/contracts';
import type { z } from 'zod';
import { decodeMessage } from './codec';
import { settleWithin } from './settle';

/**
 * Follows an event contract live, for a view a process keeps in memory. `next` gets each event
 * as its publisher sent it; `live` says every event published from now on will reach `next`;
 * `gap` says some may not have (until the next `live`), so whatever was built from them is to be
 * dropped.
 */
export interface EventObserver<T> {
  next(message: T): void;
  live(): void;
  gap(): void;
}

export interface ObserveHandle {
  stop(): Promise<void>;
}

/**
 * A plain NATS subscription on the contract's subjects: a JetStream publish reaches every
 * subscriber of its subject too, with no consumer, ack or server state per process. What plain
 * NATS does not redeliver is reported instead of hidden: a lost connection (events published
 * while it was down never arrive) and an event this process cannot read are gaps; once
 * reconnected and the server has the subscription again (a flush round trip), the view is live.
 * Events that reach the stream twice (a publisher's retry) may arrive twice.
 */
export async function observe<S extends z.ZodType, P extends unknown[]>(
  nc: NatsConnection,
  logger: Logger,
  contract: EventContract<S, P>,
  observer: EventObserver<z.output<S>>,
): Promise<ObserveHandle> {
  // nats.js's status iterator can be stopped (a QueuedIterator), though its type does not say so.
  const statuses = nc.status() as AsyncIterable<Status> & { stop?: () => void };
  let stopped = false;
  const sub = nc.subscribe(contract.filter, {
    callback: (err, msg) => {
      if (err) {
        logger.error({ err, event: contract.name }, 'event observation failed');
        observer.gap();
        return;
      }
      let message: z.output<S>;
      try {
        message = decodeMessage(contract, msg);
      } catch (e) {
        logger.warn({ err: (e as Error).message, event: contract.name }, 'unreadable event: view dropped');
        observer.gap();
        return;
      }
      observer.next(message);
    },
  });
  void (async () => {
    for await (const status of statuses) {
      if (stopped) break;
      if (status.type === 'disconnect') observer.gap();
      else if (status.type === 'reconnect') {
        // A gap too: what was published between the two is lost whichever status came first.
        observer.gap();
        nc.flush().then(
          () => {
            if (!stopped) observer.live();
          },
          () => undefined, // disconnected again: the next reconnect tries again
        );
      }
    }
  })();
  await nc.flush();
  observer.live();
  return {
    async stop() {
      stopped = true;
      observer.gap();
      statuses.stop?.();
      if (!sub.isClosed()) await settleWithin(sub.drain(), 2000);
    },
  };
}
