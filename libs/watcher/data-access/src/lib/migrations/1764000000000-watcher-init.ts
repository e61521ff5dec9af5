import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One schema for every network's watcher: each table carries the network, so seven watchers (and
 * their replicas) share one database without sharing rows.
 */
export class WatcherInit1764000000000 implements MigrationInterface {
  name = 'WatcherInit1764000000000';

  async up(q: QueryRunner): Promise<void> {
    // The deposit addresses of swaps whose source currency is on the network, from the swap events.
    await q.query(`
      CREATE TABLE watched_addresses (
        network text NOT NULL,
        address_key text NOT NULL,
        address text NOT NULL,
        swap_id text NOT NULL,
        currency text NOT NULL,
        status text NOT NULL,
        swap_version integer NOT NULL,
        ended_at bigint,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (network, address_key)
      )`);
    // The last block processed, and the hashes of the recent ones to notice reorganisations.
    await q.query(`
      CREATE TABLE cursors (
        network text PRIMARY KEY,
        height bigint NOT NULL,
        hash text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE blocks (
        network text NOT NULL,
        height bigint NOT NULL,
        hash text NOT NULL,
        parent_hash text NOT NULL,
        PRIMARY KEY (network, height)
      )`);
    // Every deposit ever seen; amount is numeric(78,0): integer base units of any chain.
    await q.query(`
      CREATE TABLE deposits (
        id text PRIMARY KEY,
        network text NOT NULL,
        swap_id text NOT NULL,
        address text NOT NULL,
        currency text NOT NULL,
        txid text NOT NULL,
        output_index integer NOT NULL,
        amount numeric(78,0) NOT NULL,
        required_confirmations integer NOT NULL,
        seen_at bigint NOT NULL,
        state text NOT NULL CHECK (state IN ('mempool', 'block', 'orphaned', 'reverted')),
        block_height bigint,
        block_hash text,
        missing_since bigint,
        confirmations integer NOT NULL DEFAULT 0,
        published_id text,
        settled boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX deposits_open ON deposits (network, seen_at) WHERE NOT settled`);
    await q.query(`CREATE INDEX deposits_mined ON deposits (network, block_height) WHERE state = 'block'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE deposits`);
    await q.query(`DROP TABLE blocks`);
    await q.query(`DROP TABLE cursors`);
    await q.query(`DROP TABLE watched_addresses`);
  }
}
