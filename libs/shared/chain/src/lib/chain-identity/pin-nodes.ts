import type { Network } from '@swap/domain';
import type { ChainReader } from '../chain-reader';
import { PinnedChain, type PinnedChainOptions } from './pinned-chain';

/** A network's reader and sender, as a service holds them. */
export interface NetworkNode<R extends Pick<ChainReader, 'identity'>, S extends object> {
  network: Network;
  reader: R;
  sender: S;
}

/**
 * Every network's reader and sender behind its pinned chain identity, checked now (a node on
 * another chain throws) and after each failed request: nothing is read from or sent to a node on
 * another chain than the one the service's database belongs to.
 */
export async function pinNodes<R extends Pick<ChainReader, 'identity'>, S extends object>(
  nodes: ReadonlyArray<NetworkNode<R, S>>,
  options: PinnedChainOptions,
): Promise<Array<NetworkNode<R, S>>> {
  return Promise.all(
    nodes.map(async ({ network, reader, sender }) => {
      const guard = new PinnedChain(network, reader, options);
      await guard.checkAtStart();
      return { network, reader: guard.reader(reader), sender: guard.sender(sender) };
    }),
  );
}
