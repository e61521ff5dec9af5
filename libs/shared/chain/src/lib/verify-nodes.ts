import type { Network, Logger } from '@swap/domain';
import { startupProgress } from '@swap/service-kit';
import type { ChainReader } from './chain-reader';

/** Settings of real nodes that cannot work: each problem names the variable to fix. */
export class NodeSettingsError extends Error {
  override readonly name = 'NodeSettingsError';

  constructor(readonly problems: string[]) {
    super(`node settings that cannot work:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const ATTEMPTS = 3;
const PAUSE_MS = 1_000;

/**
 * Checks every reader that can check its node (ChainReader.verify: reachable, the right chain, the
 * token contract there) before a service reads or sends anything. A node that does not answer is
 * asked again a few times; then every problem is thrown at once, as NodeSettingsError.
 */
export async function verifyNodes(
  readers: ReadonlyArray<{ network: Network; reader: Pick<ChainReader, 'verify'> }>,
  logger?: Logger,
): Promise<void> {
  const problems: string[] = [];
  await Promise.all(
    readers.map(async ({ network, reader }) => {
      if (!reader.verify) return;
      for (let attempt = 1; ; attempt++) {
        try {
          await reader.verify();
          startupProgress.mark(`${network} node verified`);
          return;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          if (attempt >= ATTEMPTS) {
            problems.push(message);
            return;
          }
          logger?.warn({ network, attempt, reason: message }, 'node check failed; asking again');
          await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        }
      }
    }),
  );
  if (problems.length > 0) throw new NodeSettingsError(problems);
}
