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
