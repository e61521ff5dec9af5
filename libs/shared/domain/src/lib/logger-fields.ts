import type { Logger } from './ports';

/**
 * `logger` writing `fields` on every line, as a pino child's bindings would, so the port needs no
 * `child`. An Error given as the details stays the line's `err`, as pino makes it.
 */
export function withFields(logger: Logger, fields: object): Logger {
  const merged = (details: object) =>
    details instanceof Error ? { ...fields, err: details } : { ...fields, ...details };
  return {
    debug: (details, message) => logger.debug(merged(details), message),
    info: (details, message) => logger.info(merged(details), message),
    warn: (details, message) => logger.warn(merged(details), message),
    error: (details, message) => logger.error(merged(details), message),
    fatal: (details, message) => logger.fatal(merged(details), message),
  };
}
