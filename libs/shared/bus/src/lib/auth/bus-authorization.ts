import { BUS_IDENTITIES, busAccessOf, type BusIdentity } from '@swap/contracts';
import { ensureIdentityKeys, type IdentityKey } from './identity-keys';
import { natsPermissions } from './permissions';
import { serverAuthorization, type BusUser } from './server-authorization';

/** A deployment's bus users: one nkey per identity, and the server configuration that admits only them. */
export interface BusAuthorization {
  /** The `authorization { … }` block for nats-server. */
  config: string;
  keys: Record<BusIdentity, IdentityKey>;
}

/**
 * Keys in `keysDir` (kept across runs) and every identity's permissions generated from BUS_ACCESS.
 * `devnet`: the devnet stands in for the chains, so the chain users may call it. `extra`: users
 * outside the table, such as a test harness's own connection.
 */
export function prepareBusAuthorization(
  keysDir: string,
  options: { devnet: boolean; extra?: BusUser[] },
): BusAuthorization {
  const keys = ensureIdentityKeys(keysDir, BUS_IDENTITIES);
  const users: BusUser[] = keys.map((key) => ({
    identity: key.identity,
    publicKey: key.publicKey,
    permissions: natsPermissions(key.identity, busAccessOf(key.identity as BusIdentity, options)),
  }));
  return {
    config: serverAuthorization([...users, ...(options.extra ?? [])]),
    keys: Object.fromEntries(keys.map((key) => [key.identity, key])) as Record<BusIdentity, IdentityKey>,
  };
}
