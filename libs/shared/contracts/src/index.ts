export * from './lib/define';
export * from './lib/streams';
export * from './lib/swap-snapshot';
export * from './lib/swap.events';
export * from './lib/engine.rpc';
export * from './lib/gateway.ops';
export * from './lib/market.kv';
