import { logSettings, prettyLines, redactSecrets } from '@swap/service-kit';

/**
 * What the launcher writes for one line from one of its children (a service's pino JSON, or the
 * text PostgreSQL and NATS print) or from itself: lines for a person, or JSON for a machine.
 */
export interface LogView {
  /** Short human lines behind a coloured name; false: one JSON object a line. */
  readonly human: boolean;
  /** The text to write for `line` from `name`, line breaks included. */
  show(name: string, line: string): string;
}

const PREFIX_WIDTH = 12;
const COLORS = [36, 32, 33, 35, 34, 96, 92, 93, 95, 94, 91];

/**
 * LOG_FORMAT, or, unset, human lines when the launcher writes to a terminal (`npm start`) and
 * JSON when it does not (`npm start | cat`, a file, CI). Throws a ConfigError on another value.
 */
export function launcherView(env: NodeJS.ProcessEnv, terminal: boolean, colors = terminal): LogView {
  return logSettings(env, terminal).format === 'pretty' ? humanView(colors) : jsonView();
}

/** "gateway      | 12:04:05.123 INFO:  …": each service's lines as pino-pretty would show them. */
export function humanView(colors: boolean): LogView {
  const human = prettyLines({ colors, service: false });
  const colorOf = new Map<string, number>();
  const prefix = (name: string) => {
    const label = name.padEnd(PREFIX_WIDTH);
    if (!colors) return `${label}| `;
    if (!colorOf.has(name)) colorOf.set(name, COLORS[colorOf.size % COLORS.length]);
    return `\x1b[${colorOf.get(name)}m${label}|\x1b[0m `;
  };
  return {
    human: true,
    show: (name, line) =>
      human(line)
        .split('\n')
        .map((text) => `${prefix(name)}${text}\n`)
        .join(''),
  };
}

/**
 * The services' JSON lines as they wrote them, each naming its `service`; anything else (a
 * PostgreSQL warning, a crash on stderr) becomes a warning line of the same shape, so that
 * every line parses.
 */
export function jsonView(now: () => Date = () => new Date()): LogView {
  return {
    human: false,
    show: (name, line) =>
      isJsonObject(line)
        ? `${line}\n`
        : `${JSON.stringify({ level: 'warn', time: now().toISOString(), service: name, msg: redactSecrets(line) })}\n`,
  };
}

function isJsonObject(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
