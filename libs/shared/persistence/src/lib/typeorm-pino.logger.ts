import type { Logger as Pino } from 'pino';
import type { Logger, LogLevel } from 'typeorm';
import { logFailure } from '@swap/service-kit';

/** Routes TypeORM's own messages (errors, slow queries, migrations) to the service's pino logger. */
export class TypeormPinoLogger implements Logger {
  constructor(private readonly pino: Pino) {}

  logQuery(query: string): void {
    this.pino.trace({ query }, 'query');
  }

  logQueryError(error: string | Error, query: string): void {
    // Parameters are left out on purpose: they may carry secrets or personal data.
    logFailure(this.pino, error, 'query failed', { query });
  }

  logQuerySlow(time: number, query: string): void {
    this.pino.warn({ ms: time, query }, 'slow query');
  }

  // Step-by-step migration chatter; createDataSource logs one summary line at info instead.
  logSchemaBuild(message: string): void {
    this.pino.debug(message);
  }

  // TypeORM reports failed migrations here.
  logMigration(message: string): void {
    this.pino.warn(message);
  }

  log(level: LogLevel, message: unknown): void {
    if (level === 'warn') this.pino.warn({ detail: message }, 'typeorm');
    else this.pino.debug({ detail: message }, 'typeorm');
  }
}
