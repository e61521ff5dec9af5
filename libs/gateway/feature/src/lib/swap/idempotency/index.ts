export * from './idempotency-key';
export * from './idempotency-prune.task';
export * from './idempotent-create';
