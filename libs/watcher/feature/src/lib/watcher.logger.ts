/** The part of a pino logger the watcher writes to. */
export interface WatcherLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
