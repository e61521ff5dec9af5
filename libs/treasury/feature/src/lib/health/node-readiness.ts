import { NETWORKS, type Network } from '@swap/domain';
import { notReady, type NotReady } from '@swap/service-kit';
import type { NodeContact } from '../metrics/wallet.metrics';

/** Node silence the treasury rides out: three liquidity refreshes, at least 30 s. */
export const nodeSilenceLimitMs = (refreshMs: number): number => Math.max(3 * refreshMs, 30_000);

/**
 * The treasury's readiness as far as its nodes go: not ready while a node of a network it signs
 * for has answered none of its balance reads for `limitMs`; the reason names each such network.
 * One network is enough: payouts there wait, and the operator should see which.
 */
export function nodesReadiness(
  contacts: ReadonlyMap<Network, NodeContact>,
  now: number,
  limitMs: number,
): true | NotReady {
  const silent = NETWORKS.flatMap((network) => {
    const contact = contacts.get(network);
    if (!contact || contact.failingSince === null || now - contact.failingSince < limitMs) return [];
    return [describe(network, contact)];
  });
  return silent.length === 0 ? true : notReady(silent.join('; '));
}

function describe(network: Network, { answeredAt, failingSince, failures }: NodeContact): string {
  const reads = `${failures} balance read${failures === 1 ? '' : 's'} in a row failed`;
  return answeredAt === null
    ? `the ${network} node has not answered yet (${reads} since ${iso(failingSince ?? 0)})`
    : `the ${network} node has not answered since ${iso(answeredAt)} (${reads})`;
}

const iso = (ms: number): string => new Date(ms).toISOString();
