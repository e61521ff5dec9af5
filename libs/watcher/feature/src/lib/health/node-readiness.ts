import type { Network } from '@swap/domain';
import { notReady, type NotReady } from '@swap/service-kit';
import type { NodeContact } from '../metrics/watcher.metrics';

/** Node silence a follower rides out before it says it is not ready: a few polls, at least 30 s. */
export const nodeSilenceLimitMs = (pollMs: number): number => Math.max(3 * pollMs, 30_000);

/**
 * A watcher's readiness as far as its node goes: the follower is not ready once every tip read
 * for `limitMs` has failed. A standby never asks the node, and is ready to take over.
 */
export function nodeReadiness(
  network: Network,
  contact: NodeContact,
  now: number,
  limitMs: number,
): true | NotReady {
  const { following, answeredAt, failingSince, failures } = contact;
  if (!following || failingSince === null || now - failingSince < limitMs) return true;
  const polls = `${failures} poll${failures === 1 ? '' : 's'} in a row failed`;
  return notReady(
    answeredAt === null
      ? `the ${network} node has not answered yet (${polls} since ${iso(failingSince)})`
      : `the ${network} node has not answered since ${iso(answeredAt)} (${polls})`,
  );
}

const iso = (ms: number): string => new Date(ms).toISOString();
