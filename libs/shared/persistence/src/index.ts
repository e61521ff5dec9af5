export * from './lib/persistence.options';
export * from './lib/create-data-source';
export * from './lib/database-ready';
export * from './lib/persistence.module';
export * from './lib/typeorm-pino.logger';
export * from './lib/bus-and-database';
export * from './lib/prepared-statement';
