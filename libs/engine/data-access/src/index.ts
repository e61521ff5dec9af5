export * from './lib/deposit-log.repository';
export * from './lib/engine.schema';
export * from './lib/outbox.repository';
export * from './lib/outbox.writer';
export * from './lib/swap.repository';
