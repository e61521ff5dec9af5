export * from './lib/node-process';
export * from './lib/anvil';
export * from './lib/test-usdt';
export * from './lib/litecoind';
export * from './lib/monero';
export * from './lib/monero-customer';
export * from './lib/solana-lab';
export * from './lib/tron-lab';
