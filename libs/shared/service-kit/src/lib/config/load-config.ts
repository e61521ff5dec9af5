import type { z } from 'zod';
import { logSettingProblems } from '../logger/log-settings';
import { ConfigError, EXIT_CONFIG } from './config-error';

/**
 * Validates the environment against the service's schema, and the logger's variables every
 * service reads (LOG_LEVEL, LOG_FORMAT…), or throws a ConfigError naming every problem.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  const logging = logSettingProblems(env);
  if (result.success && logging.length === 0) return result.data;
  const problems = (result.error?.issues ?? []).map((issue) => {
    const name = issue.path.map(String).join('.') || '(environment)';
    const missing = issue.path.length > 0 && env[String(issue.path[0])] === undefined;
    return missing ? `${name}: missing (required)` : `${name}: ${issue.message}`;
  });
  throw new ConfigError([...new Set([...problems, ...logging])]);
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
