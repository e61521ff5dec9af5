export * from './lib/config/load-config';
export * from './lib/logger/create-logger';
export * from './lib/logger/redact';
export * from './lib/logger/pino-nest.logger';
export * from './lib/health/health.options';
export * from './lib/health/health.service';
export * from './lib/health/health.module';
export * from './lib/bootstrap/bootstrap-service';
