export * from './lib/postgres-binaries';
export * from './lib/postgres-server';
export * from './lib/initdb';
