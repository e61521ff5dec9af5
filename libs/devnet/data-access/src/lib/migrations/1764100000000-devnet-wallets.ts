import { MigrationInterface, QueryRunner } from 'typeorm';

export class DevnetWallets1764100000000 implements MigrationInterface {
  name = 'DevnetWallets1764100000000';

  async up(q: QueryRunner): Promise<void> {
    // The addresses of each wallet network's account that its wallet holds beyond index 0 (the
    // hot wallet, which names the account), derived once and kept, so a restart need not derive
    // them again, and another account (a new mnemonic) starts with a wallet of its own.
    await q.query(`
      CREATE TABLE wallet_addresses (
        network text NOT NULL,
        hot_wallet text NOT NULL,
        account_index integer NOT NULL CHECK (account_index > 0),
        address text NOT NULL,
        PRIMARY KEY (network, hot_wallet, account_index)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE wallet_addresses`);
  }
}
