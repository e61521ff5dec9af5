import type { Logger, Network } from '@swap/domain';
import { nodeVariables } from '../chain-adapters';
import type { PinnedIdentity } from './identity-pins';

const isDevnet = (identity: string) => identity.startsWith('devnet');

/**
 * A node is on another chain than the one the service's data belongs to. It carries `problems`, as
 * a setting to fix does, so bootstrapService prints it and exits EXIT_CONFIG without a stack trace.
 */
export class ChainIdentityMismatch extends Error {
  override readonly name = 'ChainIdentityMismatch';
  readonly problems: string[];

  constructor(
    readonly network: Network,
    readonly pinned: PinnedIdentity,
    readonly found: string,
  ) {
    super(mismatchMessage(network, pinned, found));
    this.problems = [this.message];
  }
}

/** The network, both identities, and the ways out; names variables, never their values. */
function mismatchMessage(network: Network, pinned: PinnedIdentity, found: string): string {
  const variables = nodeVariables(network).join(' and ');
  const node = isDevnet(found) ? 'the devnet' : `the node of ${variables}`;
  const back = isDevnet(pinned.identity)
    ? isDevnet(found)
      ? 'the devnet was created anew since: bring back its data'
      : `unset ${variables} to go back to the devnet it was pinned to`
    : `point ${variables} at a node of that chain`;
  return (
    `${network}: this service's database belongs to the chain "${pinned.identity}" (pinned ` +
    `${pinned.pinnedAt.toISOString()}), but ${node} is on "${found}"; nothing was read or sent. ` +
    `Either ${back}; or, to move ${network} to another chain on purpose, start every service on a ` +
    `fresh database (npm start's embedded default: stop it and delete .data/, after saving ` +
    `.data/treasury.mnemonic if its wallets hold funds).`
  );
}

/**
 * What a service does on a mismatch found after start (a node back from an outage on another
 * chain): the message and one fatal line without a stack, then exit with `exitCode` (EXIT_CONFIG,
 * which npm start does not restart), as bootstrapService does for a setting to fix at start.
 */
export function stopOnChainMismatch(
  logger: Logger,
  exitCode: number,
): (mismatch: ChainIdentityMismatch) => void {
  return (mismatch) => {
    process.stderr.write(`${mismatch.message}\n`);
    const { network, pinned, found } = mismatch;
    logger.fatal({ network, pinned: pinned.identity, node: found }, mismatch.message);
    process.exit(exitCode);
  };
}
