import { MigrationInterface, QueryRunner } from 'typeorm';

export class GatewayInit1763700000000 implements MigrationInterface {
  name = 'GatewayInit1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        key text PRIMARY KEY,
        label text,
        secret_enc text NOT NULL,
        fixed_rate_enabled boolean NOT NULL,
        dryrun_enabled boolean NOT NULL,
        auto_execute_on_mismatch boolean NOT NULL,
        ip_whitelist text[] NOT NULL DEFAULT '{}',
        partner_percent numeric(6,3) NOT NULL DEFAULT 0 CHECK (partner_percent >= 0 AND partner_percent < 100),
        rate_limit integer NOT NULL CHECK (rate_limit > 0),
        disabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE swap_views (
        id text PRIMARY KEY,
        api_key text NOT NULL,
        version integer NOT NULL,
        snapshot jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX swap_views_api_key ON swap_views (api_key)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE swap_views`);
    await q.query(`DROP TABLE api_keys`);
  }
}
