import type { DataSource } from 'typeorm';
import type { Network } from '@swap/domain';

/** What an operator froze: one network's signing, or every network's. */
export type FreezeScope = Network | 'all';

export interface SigningFreezeRecord {
  scope: FreezeScope;
  reason: string | null;
  /** UNIX ms. */
  since: number;
}

interface Row {
  scope: FreezeScope;
  reason: string | null;
  since: string;
}

const COLUMNS = `scope, reason, (extract(epoch FROM frozen_at) * 1000)::bigint::text AS since`;

/** The operator's kill switch, one row per frozen scope: it survives restarts. */
export class SigningFreezes {
  constructor(private readonly dataSource: DataSource) {}

  /** Freezes `scope` from `at` (UNIX ms); freezing it again keeps the first time and reason. */
  async freeze(scope: FreezeScope, reason: string | null, at: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO signing_freezes (scope, reason, frozen_at) VALUES ($1, $2, $3) ON CONFLICT (scope) DO NOTHING`,
      [scope, reason, new Date(at).toISOString()],
    );
  }

  /** Lifts the freeze of `scope`; 'all' lifts every freeze, of every network too. */
  async unfreeze(scope: FreezeScope): Promise<void> {
    if (scope === 'all') await this.dataSource.query(`DELETE FROM signing_freezes`);
    else await this.dataSource.query(`DELETE FROM signing_freezes WHERE scope = $1`, [scope]);
  }

  /** Every freeze in force, 'all' first. */
  async list(): Promise<SigningFreezeRecord[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM signing_freezes ORDER BY scope <> 'all', scope`,
    );
    return rows.map((row) => ({ scope: row.scope, reason: row.reason, since: Number(row.since) }));
  }

  /** The freeze that stops signing on `network` (its own, or 'all'), or null. */
  async of(network: Network): Promise<SigningFreezeRecord | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM signing_freezes WHERE scope IN ('all', $1) ORDER BY scope <> 'all' LIMIT 1`,
      [network],
    );
    return rows[0] ? { scope: rows[0].scope, reason: rows[0].reason, since: Number(rows[0].since) } : null;
  }
}
