export * from './exchange-fixtures';
