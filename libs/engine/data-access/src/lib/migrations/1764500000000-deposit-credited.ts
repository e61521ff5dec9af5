import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which logged deposits a swap's credit added up (rule 1: extra deposits are credited with the
 * first). Set in the same statement as the crediting transition, so a credited deposit that later
 * vanishes in a reorganisation sends the swap to FAILED (D4) whichever deposit it was.
 */
export class DepositCredited1764500000000 implements MigrationInterface {
  name = 'DepositCredited1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits ADD COLUMN credited boolean NOT NULL DEFAULT false`);
    // Swaps credited before: the deposit each tracks is the one its credit certainly includes.
    await q.query(`
      UPDATE deposits d SET credited = true
      FROM swaps s
      WHERE s.id = d.swap_id AND s.amount_deposited > 0 AND d.txid = s.deposit_tx ->> 'id'
        AND NOT d.reverted`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits DROP COLUMN credited`);
  }
}
