export * from './lib/market-feed';
export * from './lib/price-swap';
