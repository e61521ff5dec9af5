import type { z } from 'zod';

/**
 * The exit code of a service stopped by its configuration (EX_CONFIG of sysexits.h): a setting to
 * fix, which no restart mends. `npm start` stops on it rather than restart the service forever.
 */
export const EXIT_CONFIG = 78;

/** Every missing or invalid variable, by name; never the values, which may be secrets. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment against the service's schema, or throws a ConfigError. */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.map(String).join('.') || '(environment)';
    const missing = issue.path.length > 0 && env[String(issue.path[0])] === undefined;
    return missing ? `${name}: missing (required)` : `${name}: ${issue.message}`;
  });
  throw new ConfigError([...new Set(problems)]);
}

/**
 * Reads the service's typed config once at start-up. On a bad environment it prints every
 * problem at once and exits, so an operator fixes them in one go rather than one per restart.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  try {
    return parseConfig(schema, env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return process.exit(EXIT_CONFIG);
  }
}
