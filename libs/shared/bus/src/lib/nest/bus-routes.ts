import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { EventContract, RpcContract, SignalContract } from '@swap/contracts';
import type { z } from 'zod';
import type { ConsumeOptions } from '../consumer';
import type { BusContext } from './bus-context';

/** A durable consumer's settings, as bus.consume() takes them, less the handler. */
export type EventOptions = Omit<ConsumeOptions<unknown>, 'handler'>;

/** Where a decorated method's messages come from; kept in the pattern's extras. */
export type BusRoute =
  | { kind: 'event'; contract: EventContract<z.ZodType, never>; options: EventOptions }
  | { kind: 'group'; contract: EventContract<z.ZodType, never>; group: string }
  | { kind: 'rpc'; contract: RpcContract<z.ZodType, z.ZodType>; queue?: string }
  | { kind: 'signal'; contract: SignalContract<z.ZodType> };

export const BUS_ROUTE = 'swapBusRoute';

type Method<A extends unknown[]> = (...args: A) => unknown;
type TypedMethodDecorator<A extends unknown[]> = <M extends Method<A>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<M>,
) => void;

/**
 * A durable JetStream consumer of the contract: the method gets each message validated, and the
 * message is acknowledged once the method's promise resolves (redelivered with backoff if it
 * rejects). Nest's pattern is the method's own name: the route is in the extras.
 */
export function OnEvent<S extends z.ZodType>(
  contract: EventContract<S, never> | EventContract<S, unknown[]>,
  options: EventOptions,
): TypedMethodDecorator<[message: z.output<S>, context: BusContext]> {
  return eventRoute({ kind: 'event', contract: contract as EventContract<z.ZodType, never>, options });
}

/**
 * Messages of the contract pulled by a consumer group the service runs itself (the engine's
 * leased partitions): the transport hands the method to the group named here.
 */
export function OnGroupEvent<S extends z.ZodType>(
  contract: EventContract<S, never> | EventContract<S, unknown[]>,
  group: string,
): TypedMethodDecorator<[message: z.output<S>, context: BusContext]> {
  return eventRoute({ kind: 'group', contract: contract as EventContract<z.ZodType, never>, group });
}

/** A request/reply on the contract's subject, one instance of the queue group answering each. */
export function OnRequest<Req extends z.ZodType, Res extends z.ZodType>(
  contract: RpcContract<Req, Res>,
  options: { queue?: string } = {},
): TypedMethodDecorator<[request: z.output<Req>]> {
  const route: BusRoute = { kind: 'rpc', contract, queue: options.queue };
  return (target, key, descriptor) =>
    MessagePattern(contract.subject, { [BUS_ROUTE]: route })(target, key, descriptor);
}

/** A fire-and-forget signal (cache eviction, gossip): every instance gets it; a lost one is harmless. */
export function OnSignal<S extends z.ZodType>(
  contract: SignalContract<S>,
): TypedMethodDecorator<[message: z.output<S>]> {
  const route: BusRoute = { kind: 'signal', contract };
  return (target, key, descriptor) =>
    EventPattern(`${contract.subject}`, { [BUS_ROUTE]: route })(target, key, descriptor);
}

function eventRoute(route: BusRoute): TypedMethodDecorator<[message: never, context: BusContext]> {
  return (target, key, descriptor) =>
    EventPattern(`${target.constructor.name}.${String(key)}`, { [BUS_ROUTE]: route })(
      target,
      key,
      descriptor,
    );
}

/** What an @OnRequest method gets: the contract's request, validated. */
export type RequestOf<C extends { request: z.ZodType }> = z.output<C['request']>;

/** What an @OnSignal method gets: the contract's message, validated. */
export type SignalOf<C extends { schema: z.ZodType }> = z.output<C['schema']>;
