import type { StackOptions } from '@swap/stack';

/**
 * The end-to-end stack speeds up two timers so that its suites run fast: prices every second and
 * engine lease rounds every 500 ms. A benchmark measures the service as deployed, so it runs them
 * at the services' own defaults (apps/pricing and apps/engine config): prices every 10 s, as the
 * interface promises, and a lease round every 2 s.
 */
export const DEPLOYED_TIMERS: Pick<StackOptions, 'pricingEnv' | 'engineEnv'> = {
  pricingEnv: { PRICE_REFRESH_SECONDS: '10' },
  engineEnv: { ENGINE_LEASE_ROUND_MS: '2000' },
};
