import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createUser, fromSeed } from '@nats-io/nkeys';

/** One bus identity's nkey: the public key goes in the server's configuration, the seed file to the process. */
export interface IdentityKey {
  identity: string;
  publicKey: string;
  seedFile: string;
}

/**
 * A seed per identity in `dir` (`<identity>.nk`, owner-only), made on first use and kept after,
 * so a restart keeps its identities and the server's configuration stays valid.
 */
export function ensureIdentityKeys(dir: string, identities: readonly string[]): IdentityKey[] {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return identities.map((identity) => {
    const seedFile = join(dir, `${identity}.nk`);
    if (!existsSync(seedFile)) {
      const seed = new TextDecoder().decode(createUser().getSeed());
      writeFileSync(seedFile, `${seed}\n`, { mode: 0o600 });
    }
    const seed = readFileSync(seedFile, 'utf8').trim();
    return { identity, publicKey: fromSeed(new TextEncoder().encode(seed)).getPublicKey(), seedFile };
  });
}
