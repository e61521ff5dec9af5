import type { Bus, PublishOptions, PublishResult } from '@swap/bus';
import {
  depositReturnUpdated,
  refundRequested,
  swapUpdated,
  treasuryPayoutRequested,
  type EventContract,
} from '@swap/contracts';
import { UndeliverableMessageError, type OutboxMessage } from '@swap/engine-data';
import type { z } from 'zod';

/** How the relay sends the messages of one contract. */
interface OutboxContract<S extends z.ZodType, P extends unknown[]> {
  contract: EventContract<S, P>;
  /** The subject's params, read off the message. */
  params: (message: z.input<S>) => P;
  /** The swap the message concerns: one swap's messages are published in their order. */
  swapId: (message: z.input<S>) => string;
  /**
   * bus.publish naming the contract: the bus permissions are held to such calls in the sources
   * (test/deploy/bus-access.int-spec.ts), so each entry makes its own.
   */
  publish: (bus: Bus, params: P, message: z.input<S>, options: PublishOptions) => Promise<PublishResult>;
}

// `[] | unknown[]` has the params of an entry inferred as the tuple its contract's subject takes.
const entry = <S extends z.ZodType, P extends [] | unknown[]>(
  contract: EventContract<S, P>,
  how: Omit<OutboxContract<S, P>, 'contract'>,
): OutboxContract<S, P> => ({ contract, ...how });

/**
 * Every contract the engine's outbox holds, by name: a row keeps the name and its message, and the
 * relay publishes it through the entry. A new command is its contract here, and one outboxMessage().
 */
export const OUTBOX_CONTRACTS = {
  swapUpdated: entry(swapUpdated, {
    params: (snapshot) => [snapshot.id],
    swapId: (snapshot) => snapshot.id,
    publish: (bus, ...message) => bus.publish(swapUpdated, ...message),
  }),
  treasuryPayoutRequested: entry(treasuryPayoutRequested, {
    params: (payout) => [payout.network],
    swapId: (payout) => payout.swapId,
    publish: (bus, ...message) => bus.publish(treasuryPayoutRequested, ...message),
  }),
  refundRequested: entry(refundRequested, {
    params: (refund) => [refund.network],
    swapId: (refund) => refund.swapId,
    publish: (bus, ...message) => bus.publish(refundRequested, ...message),
  }),
  depositReturnUpdated: entry(depositReturnUpdated, {
    params: (ret) => [ret.swapId],
    swapId: (ret) => ret.swapId,
    publish: (bus, ...message) => bus.publish(depositReturnUpdated, ...message),
  }),
};

export type OutboxContractName = keyof typeof OUTBOX_CONTRACTS;
type OutboxMessageOf<N extends OutboxContractName> = z.input<
  (typeof OUTBOX_CONTRACTS)[N]['contract']['schema']
>;

/**
 * An entry with its message's type left open, for a message read back from the table: the bus
 * validates it against the contract when it publishes. (Methods, which compare bivariantly, let
 * every entry be one.)
 */
export interface RelayedContract {
  contract: { name: string; filter: string; subject(...params: unknown[]): string };
  params(message: object): unknown[];
  swapId(message: object): string;
  publish(bus: Bus, params: unknown[], message: object, options: PublishOptions): Promise<PublishResult>;
}

const BY_NAME: ReadonlyMap<string, RelayedContract> = new Map(Object.entries(OUTBOX_CONTRACTS));

/** The outbox message of contract `contract`: its message typed by the schema, its subject read off it. */
export function outboxMessage<N extends OutboxContractName>(
  contract: N,
  msgId: string,
  payload: OutboxMessageOf<N>,
): OutboxMessage {
  const relayed: RelayedContract = OUTBOX_CONTRACTS[contract];
  return { msgId, contract, subject: relayed.contract.subject(...relayed.params(payload)), payload };
}

/** A stored message's entry, by its contract's name; undefined for a name the registry does not know. */
export function findOutboxContract(message: StoredName): RelayedContract | undefined {
  return message.contract === null ? legacyContract(message.subject) : BY_NAME.get(message.contract);
}

/**
 * A stored message's entry. A name the registry does not know is an error (the relay sets the row
 * aside for operators), never a silent drop.
 */
export function outboxContractOf(message: StoredName): RelayedContract {
  const relayed = findOutboxContract(message);
  if (relayed) return relayed;
  throw new UndeliverableMessageError(
    `no outbox contract ${message.contract ?? 'matches'} (subject ${message.subject})`,
  );
}

/** How a stored message names its contract: null on rows written before rows kept the name. */
type StoredName = { contract: string | null; subject: string };

/**
 * A row written before rows named their contract (by an engine of the version before, also while
 * replicas are upgraded one by one) has only its subject: the contract whose filter matches it.
 */
function legacyContract(subject: string): RelayedContract | undefined {
  const tokens = subject.split('.');
  return [...BY_NAME.values()].find(({ contract }) => {
    const wanted = contract.filter.split('.');
    return (
      wanted.length === tokens.length && wanted.every((token, i) => token === '*' || token === tokens[i])
    );
  });
}
