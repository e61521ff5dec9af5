import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CliError, EXIT } from './cli-error';

/** Where `npm start` records the bus and database of the running devnet (D10). */
export const RUNTIME_FILE = join('.data', 'runtime.json');

// swapctl runs from dist/apps/swapctl/src (the bin) or apps/swapctl/src (tests): the repository
// root is the nearest directory above with a package.json.
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

/** NATS_URL wins; else the URL `npm start` wrote; else a message saying how to get one. */
export function resolveNatsUrl(env: NodeJS.ProcessEnv, root: string): string {
  const fromEnv = env['NATS_URL']?.trim();
  if (fromEnv) return fromEnv;
  const file = join(root, RUNTIME_FILE);
  if (!existsSync(file)) {
    throw new CliError(
      'NO_NATS_URL',
      `no bus to talk to: set NATS_URL (e.g. NATS_URL=nats://127.0.0.1:4222) or run \`npm start\` (it writes ${RUNTIME_FILE})`,
      EXIT.unreachable,
    );
  }
  const natsUrl = readNatsUrl(file);
  if (!natsUrl) {
    throw new CliError(
      'NO_NATS_URL',
      `${file} has no natsUrl: set NATS_URL or restart \`npm start\``,
      EXIT.unreachable,
    );
  }
  return natsUrl;
}

function readNatsUrl(file: string): string | null {
  try {
    const runtime: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const url = (runtime as { natsUrl?: unknown } | null)?.natsUrl;
    return typeof url === 'string' && url.trim() !== '' ? url.trim() : null;
  } catch {
    return null;
  }
}
