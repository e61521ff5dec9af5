export * from './lib/devnet-records';
export * from './lib/devnet.repository';
export * from './lib/devnet.schema';
