import type { Network } from '@swap/domain';

/** A chain identity a service recorded for a network, and when. */
export interface PinnedIdentity {
  identity: string;
  pinnedAt: Date;
}

/** Where a service keeps the chain each network's data belongs to (its own schema). */
export interface ChainIdentityPins {
  /**
   * Records `identity` for `network` unless one is recorded already; answers the recorded one
   * either way. The first writer wins, so replicas starting together pin one identity.
   */
  pin(network: Network, identity: string): Promise<PinnedIdentity>;
}

/** The part of a TypeORM DataSource (or QueryRunner) the pins use. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * The table each service's migration creates in its schema (watcher, treasury, refunds). Frozen:
 * those migrations run it, so a change is a new migration of each, never an edit here.
 */
export async function createChainIdentitiesTable(q: SqlRunner): Promise<void> {
  await q.query(`
    CREATE TABLE chain_identities (
      network text PRIMARY KEY,
      identity text NOT NULL,
      pinned_at timestamptz NOT NULL DEFAULT now()
    )`);
}

export async function dropChainIdentitiesTable(q: SqlRunner): Promise<void> {
  await q.query(`DROP TABLE chain_identities`);
}

/** ChainIdentityPins in the service's schema (the search_path of its DataSource). */
export class SqlChainIdentityPins implements ChainIdentityPins {
  constructor(private readonly db: SqlRunner) {}

  async pin(network: Network, identity: string): Promise<PinnedIdentity> {
    await this.db.query(
      `INSERT INTO chain_identities (network, identity) VALUES ($1, $2) ON CONFLICT (network) DO NOTHING`,
      [network, identity],
    );
    const rows = (await this.db.query(`SELECT identity, pinned_at FROM chain_identities WHERE network = $1`, [
      network,
    ])) as Array<{ identity: string; pinned_at: Date }>;
    const [row] = rows;
    if (!row) throw new Error(`no chain identity of ${network} after pinning it`);
    return { identity: row.identity, pinnedAt: new Date(row.pinned_at) };
  }
}
