import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';
import { REDACTED, redactSecrets, SECRET_PATHS } from './redact';
import { causeOf, REPEAT_WINDOW_MS, RepeatGate } from './repeat-gate';

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
  clock?: () => number;
}

const WARN = 40;
const FATAL = 60;

/**
 * The service's JSON logger: one line per event, `service` on every line, secrets masked, and no
 * warning or error repeated more than once a minute for the same cause (see RepeatGate).
 */
export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  const level = options.level ?? (process.env['LOG_LEVEL'] || 'info');
  if (!(level in pino.levels.values) && level !== 'silent') {
    throw new Error(`LOG_LEVEL must be one of ${Object.keys(pino.levels.values).join(', ')}, silent`);
  }
  const windowMs = options.repeatWindowMs ?? repeatWindowSetting();
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
  return options.destination ? pino(config, options.destination) : pino(config);
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

function repeatWindowSetting(): number {
  const text = process.env['LOG_REPEAT_SECONDS']?.trim();
  if (!text) return REPEAT_WINDOW_MS;
  if (!/^\d+$/.test(text))
    throw new Error(`LOG_REPEAT_SECONDS must be a whole number of seconds, got "${text}"`);
  return Number(text) * 1000;
}
