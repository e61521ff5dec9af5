import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';
import { isColorSupported } from 'pino-pretty';
import type { Clock } from '@swap/domain';
import { ConfigError } from '../config/config-error';
import { isLogLevel, LOG_LEVEL_PROBLEM, logSettings, type LogFormat } from './log-settings';
import { prettyLines } from './pretty-line';
import { REDACTED, redactSecrets, SECRET_PATHS } from './redact';
import { causeOf, RepeatGate } from './repeat-gate';

export interface LoggerOptions {
  /** Defaults to LOG_LEVEL, else info. */
  level?: string;
  /** Defaults to stdout. */
  destination?: DestinationStream;
  /**
   * A warning or error with the same cause at most once per this many ms, the repeats counted
   * (`repeated` on the next line written); 0 writes every line. Defaults to LOG_REPEAT_SECONDS, else 60 s.
   */
  repeatWindowMs?: number;
  clock?: Clock;
  /**
   * Defaults to LOG_FORMAT; unset, pretty when stdout is a terminal (a person running the service
   * by hand) and JSON anywhere else. The same masked record either way.
   */
  format?: LogFormat;
}

const WARN = 40;
const FATAL = 60;

/**
 * The service's logger: one line per event, `service` on every line, secrets masked, and no
 * warning or error repeated more than once a minute for the same cause (see RepeatGate). Lines
 * are JSON, or short human lines on a terminal (LOG_FORMAT). Throws a ConfigError on a setting
 * that cannot work.
 */
export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  const terminal = !options.destination && Boolean(process.stdout.isTTY);
  const settings = logSettings(process.env, terminal);
  const level = options.level ?? settings.level;
  if (!isLogLevel(level)) throw new ConfigError([LOG_LEVEL_PROBLEM]);
  const windowMs = options.repeatWindowMs ?? settings.repeatWindowMs;
  const gate = windowMs > 0 ? new RepeatGate(windowMs, options.clock) : null;
  const config: pino.LoggerOptions = {
    level,
    base: { service, pid: process.pid, hostname: hostname() },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: SECRET_PATHS, censor: REDACTED },
    // An error's message, stack and own fields (a client library's request options, say) can carry
    // a URL with its password or a secret field: masked once pino's own serializer has read them
    // (copied out of the serializer's object, whose prototype redactSecrets would leave alone).
    serializers: { err: (err: Error) => redactSecrets({ ...pino.stdSerializers.err(err) }) },
    formatters: {
      level: (label) => ({ level: label }),
      bindings: (bindings) => redactSecrets(bindings) as pino.Bindings,
      log: (object) => redactSecrets(object) as Record<string, unknown>,
    },
    hooks: gate ? { logMethod: gated(gate) } : {},
  };
  const format = options.format ?? settings.format;
  if (format === 'json') return options.destination ? pino(config, options.destination) : pino(config);
  const colors = !options.destination && isColorSupported;
  return pino(config, prettyDestination(options.destination ?? pino.destination(1), colors));
}

/** Each JSON line pino writes, written on as a human line (synchronously, as pino's own stdout). */
function prettyDestination(out: DestinationStream, colors: boolean): DestinationStream {
  const human = prettyLines({ colors, service: true });
  return {
    write: (chunk: string) =>
      out.write(
        chunk
          .split('\n')
          .filter((line) => line.length > 0)
          .map((line) => `${human(line)}\n`)
          .join(''),
      ),
  };
}

/** pino's logMethod hook: warnings and errors pass the gate; a line written after drops says how many. */
function gated(gate: RepeatGate): NonNullable<pino.LoggerOptions['hooks']>['logMethod'] {
  return function (this: Logger, args, method, level) {
    if (level < WARN || level >= FATAL) return method.apply(this, args);
    const [first, ...rest] = args as unknown[];
    const fields: Record<string, unknown> =
      first instanceof Error
        ? { err: first }
        : typeof first === 'object' && first !== null
          ? { ...first }
          : {};
    const message = typeof first === 'string' ? first : rest[0];
    const dropped = gate.pass(causeOf(level, message, { ...this.bindings(), ...fields }));
    if (dropped === null) return;
    if (dropped === 0) return method.apply(this, args);
    const object = typeof first === 'string' ? { repeated: dropped } : { ...fields, repeated: dropped };
    const tail = typeof first === 'string' ? args : rest;
    return method.apply(this, [object, ...tail] as Parameters<typeof method>);
  };
}
