import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D19's fee-share agreement: a key may give its partner a percent of the service fee instead of a
 * volume share added to it. The two are exclusive, which the table itself holds to.
 */
export class FeeShare1767610000000 implements MigrationInterface {
  name = 'FeeShare1767610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE api_keys
        ADD COLUMN fee_share numeric(6,3) NOT NULL DEFAULT 0 CHECK (fee_share >= 0 AND fee_share <= 100),
        ADD CONSTRAINT api_keys_one_agreement CHECK (partner_percent = 0 OR fee_share = 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys DROP CONSTRAINT api_keys_one_agreement, DROP COLUMN fee_share`);
  }
}
