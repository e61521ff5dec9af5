import type { DataSource } from 'typeorm';
import type { SignedTransaction } from '@swap/chain';
import { createDataSource } from '@swap/persistence';
import { createTestDatabase, type TestDatabase } from '@swap/testing';
import { TREASURY_MIGRATIONS, TREASURY_SCHEMA } from '../lib/treasury.schema';
import type { PlannedTransfer } from '../lib/transfer';

export interface TreasuryDb {
  db: TestDatabase;
  dataSource: DataSource;
  /** Empties the treasury's tables (TRUNCATE passes the ledger's append-only triggers). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** A throwaway database with the treasury's schema migrated, as the treasury opens it. */
export async function openTreasuryDb(): Promise<TreasuryDb> {
  const db = await createTestDatabase();
  try {
    const dataSource = await createDataSource({
      url: db.url,
      schema: TREASURY_SCHEMA,
      migrations: TREASURY_MIGRATIONS,
    });
    return {
      db,
      dataSource,
      reset: async () => {
        await dataSource.query(
          'TRUNCATE transfers, ledger_entries, ledger_batches, swap_books RESTART IDENTITY',
        );
      },
      close: async () => {
        if (dataSource.isInitialized) await dataSource.destroy();
        await db.drop();
      },
    };
  } catch (err) {
    await db.drop();
    throw err;
  }
}

export const aPayout = (overrides: Partial<PlannedTransfer> = {}): PlannedTransfer => ({
  id: 'payout-1',
  kind: 'payout',
  swapId: 'AbCdEfGhIj',
  network: 'ETH',
  currency: 'ETH',
  fromIndex: 0,
  to: '0x52908400098527886E0F7030069857D2E4169EE7',
  amount: 150_000_000_000_000_000n,
  ...overrides,
});

export const aSignedTx = (overrides: Partial<SignedTransaction> = {}): SignedTransaction => ({
  network: 'ETH',
  txid: '0xaaa',
  raw: '0xf86b01',
  fee: 21_000_000_000_000n,
  feeCurrency: 'ETH',
  txKey: null,
  ...overrides,
});
