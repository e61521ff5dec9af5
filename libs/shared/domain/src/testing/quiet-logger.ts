import type { Logger } from '../lib/ports';

/** A logger that writes nothing but what `some` handles (a test's recording or counting methods). */
export function quietLogger(some: Partial<Logger> = {}): Logger {
  const none = () => undefined;
  return { debug: none, info: none, warn: none, error: none, fatal: none, ...some };
}
