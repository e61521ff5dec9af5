import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  busUsers,
  deployedIdentities,
  ensureIdentityKeys,
  serverAuthorization,
  type IdentityKey,
} from '@swap/bus';
import { BUS_IDENTITIES } from '@swap/contracts';
import { CliError, EXIT } from './cli-error';

const seedFileOf = (dir: string, identity: string) => join(dir, `${identity}.nk`);

/** What `bus keys` did: each identity's public key and seed file, and which seeds it made now. */
export interface IdentityKeys {
  keys: IdentityKey[];
  made: string[];
}

/** One seed per identity in `dir` (`<identity>.nk`, owner-only); existing seeds are kept. */
export function makeIdentityKeys(dir: string): IdentityKeys {
  const missing = BUS_IDENTITIES.filter((identity) => !existsSync(seedFileOf(dir, identity)));
  return { keys: readKeys(dir, BUS_IDENTITIES), made: missing };
}

/**
 * nats-server's `authorization` block for the seeds in `dir`: only these identities get in, each
 * with the permissions generated from BUS_ACCESS. Every seed must be there already: a new one here
 * would match no service's Secret.
 */
export function serverConfig(
  dir: string,
  options: { devnet: boolean },
): { config: string; keys: IdentityKey[] } {
  const identities = deployedIdentities(options);
  const missing = identities.filter((identity) => !existsSync(seedFileOf(dir, identity)));
  if (missing.length > 0)
    throw new CliError(
      'SEEDS_MISSING',
      `no seed for ${missing.join(', ')} in ${dir} (${missing.map((id) => `${id}.nk`).join(', ')}): make them with swapctl bus keys --out ${dir}`,
      EXIT.usage,
    );
  const keys = readKeys(dir, identities);
  return { config: serverAuthorization(busUsers(keys, options)), keys };
}

function readKeys(dir: string, identities: readonly string[]): IdentityKey[] {
  const garbled = identities
    .map((identity) => seedFileOf(dir, identity))
    .find((file) => existsSync(file) && !isSeedFile(file));
  if (garbled)
    throw new CliError('BAD_SEED', `${garbled} is not a user nkey seed (one line starting with SU)`);
  try {
    return ensureIdentityKeys(dir, identities);
  } catch (err) {
    throw new CliError(
      'KEYS_UNWRITABLE',
      `${dir}: cannot write or read it (${(err as NodeJS.ErrnoException).code})`,
    );
  }
}

function isSeedFile(file: string): boolean {
  try {
    return /^SU[A-Z2-7]{56}$/.test(readFileSync(file, 'utf8').trim());
  } catch {
    return false;
  }
}
