export * from './lib/client';
export * from './lib/errors';
export type { RetryOptions } from './lib/retry';
export * from './lib/signature';
export * from './lib/types';
export * from './lib/webhook';
export * from './lib/live';
