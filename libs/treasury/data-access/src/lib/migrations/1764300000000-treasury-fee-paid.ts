import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a mined transaction actually paid in fees, where the chain charges less than the fee it was
 * signed for (EVM: gas used × effective gas price). Null until the transfer settles, and where the
 * signed fee is what was paid.
 */
export class TreasuryFeePaid1764300000000 implements MigrationInterface {
  name = 'TreasuryFeePaid1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE transfers ADD COLUMN fee_paid numeric(78,0) CHECK (fee_paid >= 0 AND fee_paid <= fee)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transfers DROP COLUMN fee_paid`);
  }
}
