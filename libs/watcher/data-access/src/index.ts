export * from './lib/watcher.schema';
export * from './lib/watched-address';
export * from './lib/deposit';
export * from './lib/watch-list.repository';
export * from './lib/chain.repository';
export * from './lib/deposit.repository';
