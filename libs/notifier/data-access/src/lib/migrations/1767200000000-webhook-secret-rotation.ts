import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: a webhook's secret can be replaced without a gap. The secret it replaced stays beside
 * it, sealed like it, with the time until which deliveries are signed with both (D12's several
 * `v1=` values), so a receiver can switch at its own pace within that time.
 */
export class WebhookSecretRotation1767200000000 implements MigrationInterface {
  name = 'WebhookSecretRotation1767200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhooks
        ADD COLUMN previous_secret_sealed text,
        ADD COLUMN previous_secret_until timestamptz,
        ADD CONSTRAINT webhooks_previous_secret
          CHECK ((previous_secret_sealed IS NULL) = (previous_secret_until IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhooks
        DROP CONSTRAINT webhooks_previous_secret,
        DROP COLUMN previous_secret_until,
        DROP COLUMN previous_secret_sealed`);
  }
}
