/** Resolves (true or nothing) when ready; false, a throw or a timeout means not ready. */
export type ReadinessCheck = () => Promise<boolean | void> | boolean | void;

export interface HealthOptions {
  /** Named checks, e.g. { database: () => databaseReady(ds), bus: () => bus.ready() }. */
  checks: Record<string, ReadinessCheck>;
  /** A check slower than this counts as failed (default 2000 ms), so probes never hang. */
  timeoutMs?: number;
}

export const HEALTH_OPTIONS = Symbol('HEALTH_OPTIONS');
