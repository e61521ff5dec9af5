import type { Logger } from '../lib/ports';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  details: object;
  message: string;
}

/** A logger that keeps every line, so a test can assert on what was logged. */
export function recordingLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry['level']) =>
    (details: object, message = ''): void =>
      void entries.push({ level, details, message });
  return {
    entries,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
  };
}
