export * from './lib/client';
export * from './lib/signature';
export * from './lib/types';
