/** A check's answer when it can say why it is not ready, in words its author wrote. */
export interface NotReady {
  ready: false;
  /** Shown in /readyz: write it for an operator, never from an error's message (URLs, secrets). */
  reason: string;
}

/** Not ready, with a reason for /readyz. */
export const notReady = (reason: string): NotReady => ({ ready: false, reason });

/**
 * Resolves (true or nothing) when ready; false, a NotReady, a throw or a timeout means not ready.
 * Only a NotReady's reason is shown: a thrown error's message never is.
 */
export type ReadinessCheck = () => Promise<boolean | void | NotReady> | boolean | void | NotReady;

export interface HealthOptions {
  /** Named checks, e.g. { database: () => databaseReady(ds), bus: () => bus.ready() }. */
  checks: Record<string, ReadinessCheck>;
  /** A check slower than this counts as failed (default 2000 ms), so probes never hang. */
  timeoutMs?: number;
}

export const HEALTH_OPTIONS = Symbol('HEALTH_OPTIONS');
