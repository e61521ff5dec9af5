import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';
import { REDACTED, redactSecrets, SECRET_PATHS } from './redact';

export interface LoggerOptions {
  /** Defaults to LOG_LEVEL, else info. */
  level?: string;
  /** Defaults to stdout. */
  destination?: DestinationStream;
}

/** The service's JSON logger: one line per event, `service` on every line, secrets masked. */
export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  const level = options.level ?? (process.env['LOG_LEVEL'] || 'info');
  if (!(level in pino.levels.values) && level !== 'silent') {
    throw new Error(`LOG_LEVEL must be one of ${Object.keys(pino.levels.values).join(', ')}, silent`);
  }
  const config: pino.LoggerOptions = {
    level,
    base: { service, pid: process.pid, hostname: hostname() },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: SECRET_PATHS, censor: REDACTED },
    formatters: {
      level: (label) => ({ level: label }),
      bindings: (bindings) => redactSecrets(bindings) as pino.Bindings,
      log: (object) => redactSecrets(object) as Record<string, unknown>,
    },
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}
