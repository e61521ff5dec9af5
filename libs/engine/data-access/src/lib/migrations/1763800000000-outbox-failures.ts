import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outbox row that can never be published (its payload breaks the contract) is set aside with
 * its error instead of blocking every event behind it.
 */
export class OutboxFailures1763800000000 implements MigrationInterface {
  name = 'OutboxFailures1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN failed_at timestamptz, ADD COLUMN last_error text`);
    await q.query(`DROP INDEX outbox_unpublished`);
    await q.query(
      `CREATE INDEX outbox_pending ON outbox (id) WHERE published_at IS NULL AND failed_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX outbox_pending`);
    await q.query(`CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL`);
    await q.query(`ALTER TABLE outbox DROP COLUMN failed_at, DROP COLUMN last_error`);
  }
}
