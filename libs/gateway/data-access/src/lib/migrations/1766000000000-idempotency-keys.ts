import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D13: one row per API key and Idempotency-Key, shared by every gateway replica. The primary key
 * makes the first of concurrent creates the only one to insert; the others wait for its answer.
 * A row is pending (no status) while a create runs under the lease `locked_until`, then holds the
 * answer that every repeat replays. Rows older than 24 h are ignored and pruned.
 */
export class IdempotencyKeys1766000000000 implements MigrationInterface {
  name = 'IdempotencyKeys1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        api_key text NOT NULL,
        idempotency_key text NOT NULL,
        request_hash text NOT NULL,
        request_id text NOT NULL,
        status smallint,
        response json,
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (api_key, idempotency_key),
        CHECK ((status IS NULL) = (response IS NULL)),
        CHECK (status IS NOT NULL OR locked_until IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
