import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * Nest's framework logger, routed to pino. Nest's `log` level (route mapping, "started") is
 * start-up chatter, so it goes to debug: at info a service prints one line, "listening on".
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  // Nest passes (message, context) or, for errors, (message, stack, context).
  private write(
    level: 'trace' | 'debug' | 'warn' | 'error' | 'fatal',
    message: unknown,
    params: unknown[],
  ): void {
    const strings = params.filter((p): p is string => typeof p === 'string');
    const context = strings.length > 0 ? strings[strings.length - 1] : undefined;
    const stack = strings.length > 1 ? strings[0] : undefined;
    if (message instanceof Error) {
      this.pino[level]({ context, err: message }, message.message);
    } else if (typeof message === 'string') {
      this.pino[level](stack ? { context, stack } : { context }, message);
    } else {
      this.pino[level]({ context, detail: message }, 'nest');
    }
  }
}
