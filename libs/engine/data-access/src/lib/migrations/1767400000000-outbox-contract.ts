import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outbox row names its contract (its key in the engine's OUTBOX_CONTRACTS), by which the relay
 * publishes it. Rows already in the table keep no name (NULL): the relay maps their subject to its
 * contract when it reads them, not an UPDATE here, because an engine of the version before goes on
 * writing such rows until every replica is upgraded.
 */
export class OutboxContract1767400000000 implements MigrationInterface {
  name = 'OutboxContract1767400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN contract text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN contract`);
  }
}
