import type { SignedTransaction } from '@swap/chain';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { TREASURY_MIGRATIONS, TREASURY_SCHEMA } from '../lib/treasury.schema';
import type { PlannedTransfer } from '../lib/transfer';

export type TreasuryDb = SchemaDatabase;

/** A throwaway database with the treasury's schema migrated, as the treasury opens it. */
export function openTreasuryDb(): Promise<TreasuryDb> {
  return openSchemaDatabase({
    schema: TREASURY_SCHEMA,
    migrations: TREASURY_MIGRATIONS,
    tables: [
      'transfers',
      'replaced_transactions',
      'transfer_transactions',
      'ledger_entries',
      'ledger_batches',
      'swap_books',
      'refund_orders',
      'signing_freezes',
    ],
  });
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
