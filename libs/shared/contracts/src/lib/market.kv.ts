import { z } from 'zod';
import { CURRENCY_CODES } from '@swap/domain';
import { decimal, defineKv, units } from './define';

/**
 * What one source contributed to a coin's price: used in the median, dropped as an outlier, too
 * old (stale), unreachable (failed, with no fresh answer to fall back on), or without a market
 * for the coin (unlisted).
 */
export const priceSourceStatus = z.enum(['used', 'outlier', 'stale', 'failed', 'unlisted']);
export type PriceSourceStatus = z.infer<typeof priceSourceStatus>;

export const priceSourceView = z.object({
  name: z.string(),
  status: priceSourceStatus,
  /** The source's USD mid price (a USDT market converted through USDT-USD); null when it has none. */
  usd: decimal.nullable(),
  /** Unix milliseconds the source's prices were observed; null when it never answered. */
  at: z.number().int().nullable(),
  /** Why a failed source failed, or how far an outlier was from the median. */
  detail: z.string().optional(),
});
export type PriceSourceView = z.infer<typeof priceSourceView>;

/**
 * The latest USD mid price of each coin (key: coin ticker, e.g. BTC, USDT): the median of the
 * fresh sources that agree with it. `usd` is null while the coin cannot be priced (too few fresh
 * sources in agreement); `reason` then says why, and its quotes and creates are refused.
 */
export const priceEntry = z.object({
  coin: z.string(),
  usd: decimal.nullable(),
  /** Unix milliseconds of the refresh that produced this entry. */
  at: z.number().int(),
  reason: z.string().optional(),
  sources: z.array(priceSourceView),
});
export type PriceEntry = z.infer<typeof priceEntry>;

export const pricesKv = defineKv({ bucket: 'prices', ttlSeconds: 0, history: 1, schema: priceEntry });

/** What the treasury can pay out in each currency right now (key: currency code). */
export const liquidityEntry = z.object({
  code: z.enum(CURRENCY_CODES),
  /** Base units available for new payouts; null = no limit. */
  available: units.nullable(),
  at: z.number().int(),
});
export type LiquidityEntry = z.infer<typeof liquidityEntry>;

export const liquidityKv = defineKv({
  bucket: 'liquidity',
  ttlSeconds: 0,
  history: 1,
  schema: liquidityEntry,
});

/**
 * An operator's switches for one currency (key: currency code); a currency with no entry takes
 * the defaults: in service, deposits and payouts on, 100 % of the treasury's balance offered.
 */
export const currencySettings = z.object({
  code: z.enum(CURRENCY_CODES),
  /** Off: the currency is under maintenance, and so is every pair with it (`recv`, `send` false). */
  enabled: z.boolean(),
  /** Off: creates from it are refused ("deposits temporarily unavailable"); `recv` is false. */
  deposits: z.boolean(),
  /** Off: pairs to it are under maintenance; `send` is false. */
  payouts: z.boolean(),
  /** Share of the available balance a quote's `max` offers, 0–100; 0 = no limit. */
  liquidityPercent: decimal,
  updatedAt: z.number().int(),
});
export type CurrencySettings = z.infer<typeof currencySettings>;

/** A currency no operator has switched: in service, both ways, the whole balance offered. */
export const defaultCurrencySettings = (code: CurrencySettings['code']): CurrencySettings => ({
  code,
  enabled: true,
  deposits: true,
  payouts: true,
  liquidityPercent: '100',
  updatedAt: 0,
});

export const currencySettingsKv = defineKv({
  bucket: 'currency-settings',
  ttlSeconds: 0,
  // Recent changes stay readable (nats kv history) for an incident's review.
  history: 10,
  schema: currencySettings,
});

/** An operator's switches for one direct pair (key: FROM-TO); no entry = enabled, currency min. */
export const pairSettings = z.object({
  from: z.enum(CURRENCY_CODES),
  to: z.enum(CURRENCY_CODES),
  /** Off: the pair is under maintenance (`available: false`, quotes and creates refused). */
  enabled: z.boolean(),
  /** The pair's minimum send amount, in `from`; never below the currency's own (null = that one). */
  min: decimal.nullable(),
  updatedAt: z.number().int(),
});
export type PairSettings = z.infer<typeof pairSettings>;

/** A pair no operator has set: in service at its currency's minimum. */
export const defaultPairSettings = (from: PairSettings['from'], to: PairSettings['to']): PairSettings => ({
  from,
  to,
  enabled: true,
  min: null,
  updatedAt: 0,
});

export const pairSettingsKv = defineKv({
  bucket: 'pair-settings',
  ttlSeconds: 0,
  history: 10,
  schema: pairSettings,
});

export const pairSettingsKey = (from: string, to: string): string => `${from}-${to}`;
