import { MigrationInterface, QueryRunner } from 'typeorm';

export class DevnetInit1764000000000 implements MigrationInterface {
  name = 'DevnetInit1764000000000';

  async up(q: QueryRunner): Promise<void> {
    // The best chain of each network; a reorganisation deletes the blocks it replaces.
    await q.query(`
      CREATE TABLE blocks (
        network text NOT NULL,
        height bigint NOT NULL,
        hash text NOT NULL,
        parent_hash text NOT NULL,
        time bigint NOT NULL,
        PRIMARY KEY (network, height)
      )`);
    // Money columns are numeric(78,0): integer base units of any chain without loss.
    await q.query(`
      CREATE TABLE transactions (
        network text NOT NULL,
        txid text NOT NULL,
        seq bigint NOT NULL,
        kind text NOT NULL CHECK (kind IN ('genesis', 'faucet', 'signed')),
        sender text NOT NULL,
        recipient text NOT NULL,
        currency text NOT NULL,
        amount numeric(78,0) NOT NULL,
        nonce bigint,
        fee numeric(78,0) NOT NULL,
        raw text,
        state text NOT NULL CHECK (state IN ('pending', 'confirmed', 'failed')),
        height bigint,
        block_hash text,
        block_time bigint,
        position integer,
        fee_charged numeric(78,0) NOT NULL,
        reason text,
        PRIMARY KEY (network, txid)
      )`);
    await q.query(
      `CREATE INDEX transactions_block ON transactions (network, height) WHERE height IS NOT NULL`,
    );
    await q.query(`CREATE TABLE fail_payouts (currency text PRIMARY KEY)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE fail_payouts`);
    await q.query(`DROP TABLE transactions`);
    await q.query(`DROP TABLE blocks`);
  }
}
