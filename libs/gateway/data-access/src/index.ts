export * from './lib/api-key.entity';
export * from './lib/api-key.repository';
export * from './lib/gateway.schema';
export * from './lib/recent-swap-views';
export * from './lib/secret-box';
export * from './lib/swap-view.entity';
export * from './lib/swap-view.repository';
export * from './lib/swap-views';
