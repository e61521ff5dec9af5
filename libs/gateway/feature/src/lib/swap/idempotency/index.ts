export * from './idempotency-claims';
export * from './idempotency-key';
export * from './idempotency-prune.task';
