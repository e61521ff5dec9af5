import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { redactSecrets } from './redact';

export interface PrettyLineOptions {
  /** ANSI colours, for a terminal that shows them. */
  colors: boolean;
  /** Name the service on each line; not where something else does (the launcher's prefix). */
  service: boolean;
}

/** Fields of the frame (time, level, service, message) or of no interest to a person. */
const FRAME = new Set(['time', 'level', 'msg', 'pid', 'hostname', 'service', 'err', 'stack']);
const LEVEL_WIDTH = 5;
const INDENT = '    ';

/**
 * Renders a pino JSON line for a person, with pino-pretty: "12:04:05.123 INFO:  swap created
 * network=LTC swapId=…". The time is local, to the millisecond; the fields shown are the line's
 * plain ones (text, numbers, flags), not its objects; an error's stack follows on indented lines.
 * Secret-looking fields and URL passwords are masked again, as the logger masks them, whoever
 * wrote the line. Anything that is not a log line (plain text, other JSON) comes back as it was.
 */
export function prettyLines(options: PrettyLineOptions): (line: string) => string {
  const pretty = prettyFactory({
    colorize: options.colors,
    translateTime: 'SYS:HH:MM:ss.l',
    hideObject: true,
    singleLine: true,
    customPrettifiers: {
      time: (time) => String(time),
      // Named lines read "INFO  (gateway): …"; the others are aligned in the message instead.
      level: (level, _key, _log, { labelColorized }) =>
        options.service ? labelColorized + padding(level) : labelColorized,
    },
    messageFormat: (log, _key, _label, { colors }) =>
      log['fields'] ? `${String(log['msg'])} ${colors.gray(String(log['fields']))}` : String(log['msg']),
  });
  return (line) => {
    const log = logRecord(line);
    if (!log) return line;
    const masked = redactSecrets(log) as Record<string, unknown>;
    const service = options.service && typeof masked['service'] === 'string' ? masked['service'] : null;
    const text = pretty({
      time: masked['time'],
      level: masked['level'],
      // pino-pretty shows `name` as "(gateway)"; a line's own `name` is one of its fields.
      ...(service ? { name: service } : {}),
      msg: `${service ? '' : padding(masked['level'])}${oneLine(masked['msg'])}`,
      fields: plainFields(masked),
    }).replace(/\n$/, '');
    const stack = stackOf(masked);
    return stack ? `${text}\n${indent(stack)}` : text;
  };
}

/** The line as a log record: a JSON object with a level; null for anything else. */
function logRecord(line: string): Record<string, unknown> | null {
  if (!line.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(line);
    const record = value as Record<string, unknown>;
    return typeof value === 'object' && value !== null && !Array.isArray(value) && 'level' in record
      ? record
      : null;
  } catch {
    return null;
  }
}

/** "network=LTC swapId=S1", and an error's message where it has no stack to show it. */
function plainFields(log: Record<string, unknown>): string {
  const parts = Object.entries(log)
    .filter(([key, value]) => !FRAME.has(key) && isPlain(value))
    .map(([key, value]) => `${key}=${quoted(value as string | number | boolean)}`);
  const err = log['err'] as { message?: unknown; stack?: unknown } | undefined;
  if (err && typeof err.stack !== 'string' && typeof err.message === 'string')
    parts.push(`err=${quoted(err.message)}`);
  return parts.join(' ');
}

function isPlain(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Bare where it reads unambiguously, else as a JSON string (which also escapes control characters). */
function quoted(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  return /^[^\s"=\p{Cc}]+$/u.test(value) ? value : JSON.stringify(value);
}

/** The message on one line, control characters (a terminal's escapes) shown rather than obeyed. */
function oneLine(message: unknown): string {
  const text = typeof message === 'string' ? message : message === undefined ? '' : JSON.stringify(message);
  return text.replace(/\p{Cc}/gu, (c) =>
    c === '\n' ? ' ' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The stack of the line's error (pino's `err`, or a stack Nest logged as text). */
function stackOf(log: Record<string, unknown>): string | null {
  const err = log['err'] as { stack?: unknown } | undefined;
  const stack = typeof err?.stack === 'string' ? err.stack : log['stack'];
  return typeof stack === 'string' && stack.length > 0 ? stack : null;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `${INDENT}${line.replace(/\p{Cc}/gu, '')}`)
    .join('\n');
}

/** Spaces that bring the level's label (info, or pino's number 30) to the width of the longest. */
function padding(level: unknown): string {
  const label = typeof level === 'number' ? (pino.levels.labels[level] ?? String(level)) : String(level);
  return ' '.repeat(Math.max(0, LEVEL_WIDTH - label.length));
}
