/**
 * The `data` shapes of section 2 (currencies, pairs, quotes) as the gateway renders them: the
 * types come from the schemas, and so does the OpenAPI document the SDK's types are generated from.
 */
import { z } from 'zod';
import { CURRENCY_CODES, NETWORKS } from '../currencies';
import { RATE_TYPES } from '../swap';
import { apiResponses } from './api-responses';

/** The fields that name a currency, first in every shape that shows one. */
export const currencyIdentity = z.object({
  code: z.enum(CURRENCY_CODES),
  coin: z.string(),
  network: z.enum(NETWORKS),
  name: z.string(),
});

/** Section 2.2: one currency of /swap/currencies. */
export const currencyInfoView = currencyIdentity
  .extend({
    recv: z.boolean(),
    send: z.boolean(),
    precision: z.number(),
    reqConfirmations: z.number(),
    min: z.number(),
  })
  .register(apiResponses, { id: 'Currency' });
export type CurrencyInfoView = z.output<typeof currencyInfoView>;

/** Section 2.3: one pair of /swap/pairs. */
export const pairView = z
  .object({
    from: z.enum(CURRENCY_CODES),
    to: z.enum(CURRENCY_CODES),
    type: z.literal('direct'),
    via: z.array(z.string()),
    available: z.boolean(),
    fixed: z.boolean(),
    min: z.number(),
  })
  .register(apiResponses, { id: 'Pair' });
export type PairView = z.output<typeof pairView>;

/** One side of a quote: the currency, then its numbers rounded to its precision (D6). */
export const quoteSideView = currencyIdentity
  .extend({
    amount: z.number(),
    rate: z.number(),
    precision: z.number(),
    min: z.number(),
    max: z.number().meta({ description: '0 = no limit' }),
    usd: z.number(),
  })
  .register(apiResponses, { id: 'QuoteSide' });
export type QuoteSideView = z.output<typeof quoteSideView>;

const quoteFee = z
  .object({ percent: z.number(), partnerPercent: z.number(), amount: z.number() })
  .register(apiResponses, { id: 'QuoteFee' });

/** Section 2.4: the data of /swap/price. */
export const quoteView = z
  .object({
    from: quoteSideView,
    to: quoteSideView,
    fee: quoteFee,
    errors: z.array(z.string()),
    slippage: z.number(),
    rateType: z.enum(RATE_TYPES),
    bufferPercent: z.number(),
    guaranteedAmount: z.number().nullable(),
    expiresIn: z.number(),
  })
  .register(apiResponses, { id: 'Quote' });
export type QuoteView = z.output<typeof quoteView>;
