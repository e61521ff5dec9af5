export * from './lib/accept-refund';
export * from './lib/refund-reporter';
export * from './lib/refund-worker';
export * from './lib/treasury-signer';
export * from './lib/metrics/refund.metrics';
export * from './lib/refunds.composition';
