export * from './explorers';
export * from './html';
export * from './ip-rate-limiter';
export * from './payment-uri';
export * from './security-headers';
export * from './status-page';
export type { Asset } from './assets';
