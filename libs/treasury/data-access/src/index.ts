export * from './lib/treasury.schema';
export * from './lib/transfer';
export * from './lib/transfer.repository';
export * from './lib/ledger';
export * from './lib/ledger.writer';
export * from './lib/ledger.repository';
export * from './lib/swap-book.repository';
export * from './lib/transfer-transactions';
