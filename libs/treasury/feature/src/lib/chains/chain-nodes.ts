import type { ChainReader, ChainSender } from '@swap/chain';
import type { Network } from '@swap/domain';

/** The treasury's nodes: one reader and one sender per network (the devnet or real nodes). */
export interface ChainNodes {
  reader(network: Network): ChainReader;
  sender(network: Network): ChainSender;
}
