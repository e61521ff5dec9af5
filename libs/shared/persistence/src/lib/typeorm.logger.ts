import type { Logger } from '@swap/domain';
import type { Logger as TypeormLoggerPort, LogLevel } from 'typeorm';
import { logFailure } from '@swap/service-kit';

/** Routes TypeORM's own messages (errors, slow queries, migrations) to the service's logger. */
export class TypeormLogger implements TypeormLoggerPort {
  constructor(private readonly logger: Logger) {}

  // Every query, called whatever `logging` says: not logged (it was below debug, at pino's trace).
  logQuery(): void {}

  logQueryError(error: string | Error, query: string): void {
    // Parameters are left out on purpose: they may carry secrets or personal data.
    logFailure(this.logger, error, 'query failed', { query });
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ ms: time, query }, 'slow query');
  }

  // Step-by-step migration chatter; createDataSource logs one summary line at info instead.
  logSchemaBuild(message: string): void {
    this.logger.debug({}, message);
  }

  // TypeORM reports failed migrations here.
  logMigration(message: string): void {
    this.logger.warn({}, message);
  }

  log(level: LogLevel, message: unknown): void {
    if (level === 'warn') this.logger.warn({ detail: message }, 'typeorm');
    else this.logger.debug({ detail: message }, 'typeorm');
  }
}
