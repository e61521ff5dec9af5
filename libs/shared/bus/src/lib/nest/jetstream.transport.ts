import type { INestApplicationContext } from '@nestjs/common';
import { type CustomTransportStrategy, type MessageHandler, Server } from '@nestjs/microservices';
import type { StreamContract } from '@swap/contracts';
import { lastValueFrom } from 'rxjs';
import { Bus } from '../bus';
import type { MessageMeta } from '../consumer';
import { BusContext } from './bus-context';
import { BUS_ROUTE, type BusRoute } from './bus-routes';

/**
 * A consumer group a service runs itself (leased partitions, a durable whose progress it reads),
 * fed by one decorated method; the group's own consumer validates each message against its contract.
 */
export interface ConsumerGroup {
  start(handler: (message: unknown, meta: MessageMeta) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export interface JetStreamTransportOptions {
  /** Streams created (or updated) before anything is consumed: those the service reads and writes. */
  streams: StreamContract[];
  /** Queue group of the service's RPCs, unless a method names its own. */
  queue: string;
  groups?: Record<string, ConsumerGroup>;
}

interface Stoppable {
  stop(): Promise<void>;
}

/**
 * NestJS's transport for our bus: the decorated methods of the service's controllers become
 * JetStream durable consumers, request/reply subscriptions and signal subscriptions on the
 * official @nats-io v3 clients (Nest 11's own NATS transport needs the deprecated `nats` v2).
 * Messages are validated against @swap/contracts by the bus on the way in and out; an event is
 * acknowledged only once its handler's promise resolves, so after the handler's transaction
 * commits.
 */
export class JetStreamTransport extends Server implements CustomTransportStrategy {
  private readonly running: Stoppable[] = [];

  constructor(
    private readonly bus: Bus,
    private readonly options: JetStreamTransportOptions,
  ) {
    super();
  }

  /** Called by Nest once the application is initialised: subscribes every decorated method. */
  listen(callback: (error?: unknown) => void): void {
    this.subscribeAll().then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  async close(): Promise<void> {
    const running = this.running.splice(0);
    await Promise.all(running.map((handle) => handle.stop()));
  }

  on(): never {
    throw new Error('JetStreamTransport has no events to listen to; see Bus.connected');
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  private async subscribeAll(): Promise<void> {
    for (const stream of this.options.streams) await this.bus.ensureStream(stream);
    for (const handler of this.messageHandlers.values()) {
      const route = handler.extras?.[BUS_ROUTE] as BusRoute | undefined;
      if (!route) throw new Error('a bus handler needs @OnEvent, @OnGroupEvent, @OnRequest or @OnSignal');
      this.running.push(await this.subscribe(route, handler));
    }
  }

  private async subscribe(route: BusRoute, handler: MessageHandler): Promise<Stoppable> {
    const { bus } = this;
    switch (route.kind) {
      case 'event':
        return bus.consume(route.contract, {
          ...route.options,
          handler: (message, meta) => this.invoke(handler, message, new BusContext([meta])),
        });
      case 'group': {
        const group = this.options.groups?.[route.group];
        if (!group) throw new Error(`no consumer group "${route.group}" was given to the transport`);
        await group.start((message, meta) => this.invoke(handler, message, new BusContext([meta])));
        return group;
      }
      case 'rpc':
        return bus.serve(route.contract, (request) => this.invoke(handler, request), {
          queue: route.queue ?? this.options.queue,
        });
      case 'signal':
        return bus.onSignal(route.contract, (message) => this.invoke(handler, message));
    }
  }

  /** Runs the method through Nest (its filters) and settles with its result or its error. */
  private async invoke<T>(handler: MessageHandler, data: unknown, context?: BusContext): Promise<T> {
    const result = await handler(data, context);
    return lastValueFrom(this.transformToObservable(result), { defaultValue: undefined }) as Promise<T>;
  }
}

/**
 * A service's transport as bootstrapService takes it: the application's Bus, and the consumer
 * groups it provides (read from the application once it is built).
 */
export function busTransport(
  options: Omit<JetStreamTransportOptions, 'groups'> & {
    groups?: (app: INestApplicationContext) => Record<string, ConsumerGroup>;
  },
): (app: INestApplicationContext) => JetStreamTransport {
  return (app) => new JetStreamTransport(app.get(Bus), { ...options, groups: options.groups?.(app) });
}
