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

/** The identities of a deployment: every one of BUS_ACCESS, the devnet's only where it runs. */
export const deployedIdentities = (options: { devnet: boolean }): BusIdentity[] =>
  BUS_IDENTITIES.filter((identity) => options.devnet || identity !== 'devnet');

/**
 * The users nats-server admits for these keys: each with the permissions generated from BUS_ACCESS
 * (`devnet`: the devnet stands in for the chains, so the chain users may call it). A key of an
 * identity the deployment does not run is left out.
 */
export function busUsers(keys: readonly IdentityKey[], options: { devnet: boolean }): BusUser[] {
  const deployed = deployedIdentities(options);
  return keys
    .filter((key) => deployed.includes(key.identity as BusIdentity))
    .map((key) => ({
      identity: key.identity,
      publicKey: key.publicKey,
      permissions: natsPermissions(key.identity, busAccessOf(key.identity as BusIdentity, options)),
    }));
}

/**
 * Keys in `keysDir` (kept across runs) for the deployment's identities, and the server
 * configuration admitting them. `extra`: users outside the table, such as a test harness's own
 * connection.
 */
export function prepareBusAuthorization(
  keysDir: string,
  options: { devnet: boolean; extra?: BusUser[] },
): BusAuthorization {
  const keys = ensureIdentityKeys(keysDir, deployedIdentities(options));
  return {
    config: serverAuthorization([...busUsers(keys, options), ...(options.extra ?? [])]),
    keys: Object.fromEntries(keys.map((key) => [key.identity, key])) as Record<BusIdentity, IdentityKey>,
  };
}
