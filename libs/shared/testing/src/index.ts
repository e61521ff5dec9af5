export * from './lib/nats-server';
export * from './lib/postgres';
