export * from './lib/coins';
export * from './lib/devnet.source';
export * from './lib/median';
export * from './lib/price-refresher';
export * from './lib/price-source';
