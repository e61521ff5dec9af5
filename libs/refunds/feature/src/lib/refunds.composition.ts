import type { Bus } from '@swap/bus';
import type { ChainRelay, NetworkNode } from '@swap/chain';
import type { Clock, Logger } from '@swap/domain';
import type { RefundRepository } from '@swap/refunds-data';
import { AcceptRefund } from './accept-refund';
import { InboxPublisher } from './refund-reporter';
import { RefundWorker } from './refund-worker';
import { TreasurySigner } from './treasury-signer';

export interface RefundsDeps {
  bus: Bus;
  refunds: RefundRepository;
  /** Each network's relay (reader and broadcaster), behind its pinned chain identity. */
  relays: ReadonlyArray<NetworkNode<ChainRelay['reader'], ChainRelay['sender']>>;
  clock: Clock;
  logger: Logger;
}

/** The refunds service's use cases: the engine's commands accepted, one worker per network. */
export interface Refunds {
  accept: AcceptRefund;
  workers: RefundWorker[];
}

export function composeRefunds(deps: RefundsDeps): Refunds {
  const { bus, refunds, clock, logger } = deps;
  // The treasury signs (the only holder of keys); progress goes to the swap's actor.
  const signer = new TreasurySigner(bus);
  const publisher = new InboxPublisher(bus);
  return {
    accept: new AcceptRefund(refunds),
    workers: deps.relays.map(
      ({ network, reader, sender }) =>
        new RefundWorker(network, refunds, signer, sender, reader, publisher, logger, clock),
    ),
  };
}
