import type { Bus } from '@swap/bus';
import type { Network } from '@swap/domain';
import type { ChainReader } from './chain-reader';
import type { ChainSender } from './chain-sender';
import { DevnetReader } from './devnet/devnet-reader';
import { DevnetSender } from './devnet/devnet-sender';

/** A real node is configured for `network` (D11: `<NETWORK>_RPC_URL`). */
export const usesRealNode = (network: Network, env: NodeJS.ProcessEnv): boolean =>
  Boolean(env[`${network}_RPC_URL`]);

export interface ChainAdapters {
  reader: ChainReader;
  sender: ChainSender;
}

/**
 * The adapters of one network, chosen from the environment: the devnet (D10) unless
 * `<NETWORK>_RPC_URL` names a real node. Nothing above this function knows which one it got.
 */
export function chainAdapters(network: Network, env: NodeJS.ProcessEnv, bus: Bus): ChainAdapters {
  if (usesRealNode(network, env))
    throw new Error(
      `${network}_RPC_URL is set, but real ${network} nodes are not supported yet: unset it to run ${network} on the devnet`,
    );
  return { reader: new DevnetReader(bus, network), sender: new DevnetSender(bus, network) };
}
