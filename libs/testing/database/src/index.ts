export * from './lib/schema-database';
