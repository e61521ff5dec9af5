import type { NatsPermissions } from './permissions';

/** A user of the bus as nats-server knows it: a public nkey and what it may do (all, when absent). */
export interface BusUser {
  identity: string;
  publicKey: string;
  permissions?: NatsPermissions;
}

/**
 * The `authorization` block of a nats-server configuration: only these users get in (no
 * anonymous client), each with its own permissions. nats-server reads JSON values in its
 * configuration format, so each user is written as JSON, under a comment naming the identity.
 */
export function serverAuthorization(users: readonly BusUser[]): string {
  const entries = users.map((user) => {
    const entry = { nkey: user.publicKey, ...(user.permissions ? { permissions: user.permissions } : {}) };
    return `    # ${user.identity}\n    ${JSON.stringify(entry)}`;
  });
  return `authorization {\n  users: [\n${entries.join(',\n')}\n  ]\n}\n`;
}
