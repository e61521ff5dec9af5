import { z } from 'zod';
import { toUnits } from '@swap/domain';
import { PRICED_COINS } from './coins';
import { DevnetPriceSource } from './devnet.source';
import { baseUrlEnvVar, EXCHANGE_NAMES, EXCHANGES, HttpJsonClient, isExchangeName } from './exchanges';
import { DEFAULT_MAX_AGE_MS, DEFAULT_MAX_DEVIATION, DEFAULT_MIN_SOURCES, PriceRules } from './price-rules';
import { PriceSource } from './price-source';
import { fromScaled, toScaled } from './scaled';

const KNOWN_SOURCES = ['devnet', ...EXCHANGE_NAMES];

const minSourcesVar = (coin: string) => `PRICE_MIN_SOURCES_${coin}`;

/** "2%", "2 %" or "0.02" → "0.02"; a fraction strictly between 0 and 1. */
const deviation = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,16})?\s*%$|^\d+(\.\d{1,18})?$/, 'a fraction such as 0.02, or a percentage such as 2%')
  // A percentage read with two places fewer is the fraction: exact, whatever its decimals.
  .transform((text) =>
    fromScaled(text.endsWith('%') ? toUnits(text.slice(0, -1).trim(), 16) : toScaled(text)),
  )
  .refine((fraction) => Number(fraction) > 0 && Number(fraction) < 1, 'must be above 0 and below 100 %');

const count = z.coerce.number().int().min(1);

/**
 * The pricing service's settings: which sources (PRICE_SOURCES, `devnet` by default), each
 * exchange's base URL (PRICE_<EXCHANGE>_URL), how many fresh sources in agreement a coin needs
 * (PRICE_MIN_SOURCES, default 3, or 1 when the devnet is the only source; PRICE_MIN_SOURCES_<COIN>
 * for a thinly listed coin) and how far from the median a source may be (PRICE_MAX_DEVIATION,
 * default 2 %).
 */
export const pricingConfigSchema = z
  .object({
    PRICE_SOURCES: z
      .string()
      .default('devnet')
      .transform((text) => [
        ...new Set(
          text
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        ),
      ])
      .refine((names) => names.length > 0, 'name at least one source')
      .refine(
        (names) => names.every((name) => KNOWN_SOURCES.includes(name)),
        `unknown source; known: ${KNOWN_SOURCES.join(', ')}`,
      ),
    PRICE_MIN_SOURCES: count.optional(),
    PRICE_MAX_DEVIATION: deviation.default(DEFAULT_MAX_DEVIATION),
    PRICE_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /** Failed refreshes in a row that open an exchange's circuit breaker… */
    PRICE_BREAKER_FAILURES: count.default(3),
    /** …for this long, before one trial request may close it again. */
    PRICE_BREAKER_COOLDOWN_SECONDS: z.coerce.number().positive().default(60),
    ...Object.fromEntries(PRICED_COINS.map((coin) => [minSourcesVar(coin), count.optional()])),
    ...Object.fromEntries(EXCHANGE_NAMES.map((name) => [baseUrlEnvVar(name), z.string().url().optional()])),
  })
  .superRefine((config, context) => {
    const sources = config.PRICE_SOURCES.length;
    const check = (variable: string, value: unknown) => {
      if (typeof value === 'number' && value > sources)
        context.addIssue({
          code: 'custom',
          path: [variable],
          message: `${value} is more than the ${sources} source(s) in PRICE_SOURCES`,
        });
    };
    check('PRICE_MIN_SOURCES', config.PRICE_MIN_SOURCES);
    for (const coin of PRICED_COINS)
      check(minSourcesVar(coin), config[minSourcesVar(coin) as keyof typeof config]);
  });
export type PricingConfig = z.output<typeof pricingConfigSchema>;

/** The rules of the configuration. */
export function priceRules(config: PricingConfig): PriceRules {
  const devnetOnly = config.PRICE_SOURCES.length === 1 && config.PRICE_SOURCES[0] === 'devnet';
  const everyCoin = config.PRICE_MIN_SOURCES ?? (devnetOnly ? 1 : DEFAULT_MIN_SOURCES);
  const perCoin = new Map<string, number>();
  for (const coin of PRICED_COINS) {
    const value = (config as Record<string, unknown>)[minSourcesVar(coin)];
    if (typeof value === 'number') perCoin.set(coin, value);
  }
  return {
    maxAgeMs: DEFAULT_MAX_AGE_MS,
    maxDeviation: config.PRICE_MAX_DEVIATION,
    minSources: (coin) => perCoin.get(coin) ?? everyCoin,
  };
}

/** The configured sources, each exchange at its PRICE_<EXCHANGE>_URL when set. */
export function priceSources(config: PricingConfig): PriceSource[] {
  const urls = config as Record<string, unknown>;
  return config.PRICE_SOURCES.map((name) => {
    if (name === 'devnet' || !isExchangeName(name)) return new DevnetPriceSource();
    const baseUrl = urls[baseUrlEnvVar(name)];
    return EXCHANGES[name]({
      baseUrl: typeof baseUrl === 'string' ? baseUrl : undefined,
      http: new HttpJsonClient({ timeoutMs: config.PRICE_HTTP_TIMEOUT_MS }),
      breaker: {
        failureThreshold: config.PRICE_BREAKER_FAILURES,
        cooldownMs: config.PRICE_BREAKER_COOLDOWN_SECONDS * 1000,
      },
    });
  });
}
