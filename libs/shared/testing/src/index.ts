export * from './lib/nats-server';
export * from './lib/postgres';
export * from './lib/swap-snapshot.fixture';
export * from './lib/free-port';
export * from './lib/private-postgres';
export * from './lib/tcp-proxy';
export * from './lib/service-from-source';
