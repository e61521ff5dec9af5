import type { ChainReader, ChainSender } from '@swap/chain';
import type { Network } from '@swap/domain';

/** The treasury's nodes: one reader and one sender per network (the devnet or real nodes). */
export interface ChainNodes {
  reader(network: Network): ChainReader;
  sender(network: Network): ChainSender;
}

/** The part of a pino logger the treasury's jobs write to. */
export interface TreasuryLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** UNIX milliseconds. */
export type Clock = () => number;
