/**
 * Reading a real node's settings from the environment: every error names the variable and never
 * quotes its value (a node URL may carry credentials or an API key).
 */

/** `variable` as an http(s) URL, required. */
export function httpUrlSetting(env: NodeJS.ProcessEnv, variable: string, example: string): string {
  const value = env[variable]?.trim();
  if (!value) throw new Error(`${variable} is required (${example})`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable} is not a URL (${example})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${variable} must be http(s)`);
  return value;
}

/** A non-negative integer setting, `fallback` when unset; bigint, so it may be a money amount. */
export function integerSetting(env: NodeJS.ProcessEnv, variable: string, fallback: bigint, min = 0n): bigint {
  const text = env[variable]?.trim();
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || BigInt(text) < min)
    throw new Error(`${variable} must be an integer of at least ${min}, got "${text}"`);
  return BigInt(text);
}

/** One of `choices`, `fallback` when unset. */
export function choiceSetting<T extends string>(
  env: NodeJS.ProcessEnv,
  variable: string,
  choices: readonly T[],
  fallback: T,
): T {
  const text = env[variable]?.trim();
  if (text === undefined || text === '') return fallback;
  if (!choices.includes(text as T))
    throw new Error(`${variable} must be one of ${choices.join(', ')}, got "${text}"`);
  return text as T;
}
