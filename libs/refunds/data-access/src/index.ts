export * from './lib/refund';
export * from './lib/refund.repository';
export * from './lib/refunds.schema';
