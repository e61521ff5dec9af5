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

/** The bus swapctl talks to, and the environment its credentials come from (see busCredentialsFromEnv). */
export interface BusTarget {
  url: string;
  credentialsEnv: NodeJS.ProcessEnv;
}

/**
 * NATS_URL wins, with the operator's NATS_NKEY_SEED_FILE or NATS_CREDS_FILE; else the bus that
 * `npm start` wrote, as its operator identity; else a message saying how to get one.
 */
export function resolveBusTarget(env: NodeJS.ProcessEnv, root: string): BusTarget {
  const fromEnv = env['NATS_URL']?.trim();
  if (fromEnv) return { url: fromEnv, credentialsEnv: env };
  const file = join(root, RUNTIME_FILE);
  if (!existsSync(file)) {
    throw new CliError(
      'NO_NATS_URL',
      `no bus to talk to: set NATS_URL (e.g. NATS_URL=nats://127.0.0.1:4222) or run \`npm start\` (it writes ${RUNTIME_FILE})`,
      EXIT.unreachable,
    );
  }
  const runtime = readRuntime(file);
  if (!runtime) {
    throw new CliError(
      'NO_NATS_URL',
      `${file} has no natsUrl: set NATS_URL or restart \`npm start\``,
      EXIT.unreachable,
    );
  }
  const ownCredentials = Boolean(env['NATS_NKEY_SEED_FILE']?.trim() || env['NATS_CREDS_FILE']?.trim());
  const seed = runtime.natsSeedFile && !ownCredentials ? { NATS_NKEY_SEED_FILE: runtime.natsSeedFile } : {};
  return { url: runtime.natsUrl, credentialsEnv: { ...env, ...seed } };
}

function readRuntime(file: string): { natsUrl: string; natsSeedFile?: string } | null {
  try {
    const runtime = JSON.parse(readFileSync(file, 'utf8')) as {
      natsUrl?: unknown;
      natsSeedFile?: unknown;
    } | null;
    const url = runtime?.natsUrl;
    if (typeof url !== 'string' || url.trim() === '') return null;
    const seed = runtime?.natsSeedFile;
    return { natsUrl: url.trim(), ...(typeof seed === 'string' && seed ? { natsSeedFile: seed } : {}) };
  } catch {
    return null;
  }
}
