/**
 * The one logging port of every library: details first, then the message, as pino takes them, so
 * a pino Logger fits as it is and a test passes a recording one.
 */
export interface Logger {
  debug(details: object, message?: string): void;
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
  /** The line a service writes just before it stops itself (a setting or a chain to fix). */
  fatal(details: object, message?: string): void;
}

/** UNIX milliseconds now: Date.now in a service, a clock a test moves. */
export type Clock = () => number;
