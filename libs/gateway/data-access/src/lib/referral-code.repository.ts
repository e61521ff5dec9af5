import type { DataSource } from 'typeorm';

/** A referral code of a key (D19): when it was issued, and revoked if it was. */
export interface ReferralCodeRow {
  code: string;
  apiKey: string;
  createdAt: Date;
  revokedAt: Date | null;
}

interface Row {
  code: string;
  api_key: string;
  created_at: Date;
  revoked_at: Date | null;
}

const toRow = (row: Row): ReferralCodeRow => ({
  code: row.code,
  apiKey: row.api_key,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

const COLUMNS = 'code, api_key, created_at, revoked_at';

/** The keys' referral codes (`gateway.referral_codes`). */
export class ReferralCodeRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** False when the code is taken already (the caller draws another). */
  async insert(code: string, apiKey: string, createdAt: Date): Promise<boolean> {
    const rows: Row[] = await this.dataSource.query(
      `INSERT INTO referral_codes (code, api_key, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (code) DO NOTHING RETURNING code`,
      [code, apiKey, createdAt],
    );
    return rows.length === 1;
  }

  /** The key's codes, oldest first, revoked ones included. */
  async ofKey(apiKey: string): Promise<ReferralCodeRow[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM referral_codes WHERE api_key = $1 ORDER BY created_at, code`,
      [apiKey],
    );
    return rows.map(toRow);
  }

  /** The code, revoked or not; null when no such code was ever issued. */
  async find(code: string): Promise<ReferralCodeRow | null> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM referral_codes WHERE code = $1`, [
      code,
    ]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  /**
   * Revokes the key's code at `at` (a code revoked already keeps its first revocation time); null
   * when the key holds no such code.
   */
  async revoke(apiKey: string, code: string, at: Date): Promise<ReferralCodeRow | null> {
    const rows: Row[] = await this.dataSource.query(
      // As a query whose command is a SELECT: TypeORM hands an UPDATE's rows back wrapped with its count.
      `WITH revoked AS (
         UPDATE referral_codes SET revoked_at = coalesce(revoked_at, $3)
         WHERE code = $1 AND api_key = $2 RETURNING ${COLUMNS}
       ) SELECT * FROM revoked`,
      [code, apiKey, at],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }
}
