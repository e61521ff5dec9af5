import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D19's referral codes: a key may hold several (one per campaign), each revoked on its own and
 * kept afterwards, so a revoked code stays unknown to the public page rather than free for reuse.
 * The page resolves a code by its primary key; swapctl lists a key's codes by the second index.
 */
export class ReferralCodes1767620000000 implements MigrationInterface {
  name = 'ReferralCodes1767620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE referral_codes (
        code text PRIMARY KEY,
        api_key text NOT NULL REFERENCES api_keys (key),
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX referral_codes_api_key ON referral_codes (api_key, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE referral_codes`);
  }
}
