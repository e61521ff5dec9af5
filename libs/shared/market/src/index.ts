export * from './lib/crediting-market';
export * from './lib/live-prices';
export * from './lib/market-feed';
export * from './lib/price-swap';
export * from './lib/trading-switches';
