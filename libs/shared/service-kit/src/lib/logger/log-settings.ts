import pino from 'pino';
import { ConfigError } from '../config/config-error';
import { REPEAT_WINDOW_MS } from './repeat-gate';

/** `json`: one pino object a line, for machines; `pretty`: short human lines (pretty-line.ts). */
export type LogFormat = 'json' | 'pretty';

export interface LogSettings {
  level: string;
  /** A warning or error of the same cause at most once per this many ms; 0: every line. */
  repeatWindowMs: number;
  format: LogFormat;
}

const LEVELS = [...Object.keys(pino.levels.values), 'silent'];

export const LOG_LEVEL_PROBLEM = `LOG_LEVEL: must be one of ${LEVELS.join(', ')}`;
const REPEAT_PROBLEM = 'LOG_REPEAT_SECONDS: must be a whole number of seconds';
const FORMAT_PROBLEM = 'LOG_FORMAT: must be json or pretty (unset: pretty on a terminal, else json)';

export function isLogLevel(level: string): boolean {
  return LEVELS.includes(level);
}

/** What is wrong with the logger's variables, each named as ConfigError names a variable. */
export function logSettingProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const level = env['LOG_LEVEL']?.trim();
  if (level && !isLogLevel(level)) problems.push(LOG_LEVEL_PROBLEM);
  const repeat = env['LOG_REPEAT_SECONDS']?.trim();
  if (repeat && !/^\d+$/.test(repeat)) problems.push(REPEAT_PROBLEM);
  const format = env['LOG_FORMAT']?.trim();
  if (format && format !== 'json' && format !== 'pretty') problems.push(FORMAT_PROBLEM);
  return problems;
}

/**
 * LOG_LEVEL (default info), LOG_REPEAT_SECONDS (default 60) and LOG_FORMAT. An unset LOG_FORMAT
 * is pretty when the lines go to a terminal (`terminal`), JSON anywhere else: a pipe, a file, a
 * container, the launcher. Throws a ConfigError naming every variable that cannot work.
 */
export function logSettings(env: NodeJS.ProcessEnv, terminal: boolean): LogSettings {
  const problems = logSettingProblems(env);
  if (problems.length > 0) throw new ConfigError(problems);
  const repeat = env['LOG_REPEAT_SECONDS']?.trim();
  return {
    level: env['LOG_LEVEL']?.trim() || 'info',
    repeatWindowMs: repeat ? Number(repeat) * 1000 : REPEAT_WINDOW_MS,
    format: (env['LOG_FORMAT']?.trim() as LogFormat | undefined) || (terminal ? 'pretty' : 'json'),
  };
}
