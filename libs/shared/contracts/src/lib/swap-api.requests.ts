import { z } from 'zod';
import { CURRENCY_CODES, isAnySwapId, SWAP_STATUSES, SwapErrors } from '@swap/domain';
import { apiRequests, fieldErrors } from './http-api';

/*
 * The request bodies of section 4, each declared once. From a body come the gateway's parser
 * (parseRequest: missing fields, types, the catalogue's 400s), the OpenAPI component of the same
 * name (apiRequestSchemas) and the engine's request types (z.output, .extend): no field list is
 * written twice. Adding an endpoint's body is one declaration here, e.g. D15's:
 *
 *   export const validateAddressBody = z
 *     .object({ code: currencyCode, address: z.string().trim() })
 *     .register(apiRequests, { id: 'ValidateAddressBody' });
 *
 * and then, in the gateway, `@ApiRequestBody(validateAddressBody)` on its route and
 * `parseRequest(validateAddressBody, body)` in its use case (an unknown code is already the
 * catalogue's UNKNOWN_CURRENCY). Rules that need more than the body (the key's rights, an
 * address's chain, a currency's precision) stay in the gateway's parser.
 */

const currencyCode = z.enum(CURRENCY_CODES).register(fieldErrors, { invalid: SwapErrors.unknownCurrency });

// Any value that is not a rate type or a direction is named as such, whatever its JSON type.
const rateType = z
  .enum(['float', 'fixed'])
  .register(fieldErrors, { invalid: SwapErrors.invalidRateType, anyJsonType: true });
const direction = z
  .enum(['from', 'to'])
  .register(fieldErrors, { invalid: SwapErrors.invalidDirection, anyJsonType: true });

/** D6: a JSON number or a numeric string; its decimals are checked against the currency's precision later. */
const amount = z.xor([z.number(), z.string()]).register(fieldErrors, {
  invalid: () => SwapErrors.wrongType('amount', 'a non-negative number or numeric string'),
});

/** D3: an id of no swap's shape names no swap, so it is not found (§4.5), as an unknown one is. */
const swapId = z
  .string()
  .length(10)
  .refine(isAnySwapId)
  .register(fieldErrors, { invalid: () => SwapErrors.swapNotFound() });

/** Section 4.4. */
export const quoteBody = z
  .object({
    type: rateType.default('float').meta({ description: 'fixed needs fixed_rate_enabled on the key' }),
    from: currencyCode.meta({ description: 'Source currency code' }),
    to: currencyCode.meta({ description: 'Destination currency code' }),
    direction: direction.default('from').meta({ description: 'to is always fixed-rate' }),
    amount: amount.meta({ description: 'In the currency named by direction' }),
  })
  .register(apiRequests, { id: 'QuoteBody' });
export type QuoteBody = z.output<typeof quoteBody>;

/** Section 4.1. */
export const createSwapBody = quoteBody
  .extend({
    toAddress: z.string().trim().meta({ description: 'Payout address, validated for the destination chain' }),
    refundAddress: z
      .string()
      .trim()
      .optional()
      .meta({ description: 'Validated for the source chain; strongly recommended' }),
    dryrun: z.boolean().default(false).meta({ description: 'Simulated swap (needs dryrun_enabled)' }),
  })
  .register(apiRequests, { id: 'CreateSwapBody' });
export type CreateSwapBody = z.output<typeof createSwapBody>;

/** Sections 4.5 and 4.7. */
export const swapLookupBody = z
  .object({
    id: swapId,
    // Shown, not enforced: a token of another shape authorizes nothing, like a wrong one (no 400).
    token: z.string().optional().meta({ minLength: 22, maxLength: 22, description: 'Per-swap token' }),
  })
  .register(apiRequests, { id: 'SwapLookupBody' });
export type SwapLookupBody = z.output<typeof swapLookupBody>;

/** Section 4.6. The address is checked against the swap's chain by the engine. */
export const resolveBody = swapLookupBody
  .extend({
    choice: z.enum(['EXCHANGE', 'REFUND']).register(fieldErrors, { invalid: SwapErrors.invalidChoice }),
    address: z.string().trim().optional().meta({ description: 'Refund address (source chain)' }),
  })
  .register(apiRequests, { id: 'ResolveBody' });
export type ResolveBody = z.output<typeof resolveBody>;

/** Unix seconds, as every time the API shows. */
const unixSeconds = z
  .number()
  .int()
  .nonnegative()
  .register(fieldErrors, { invalid: () => SwapErrors.invalidTimeRange('times are whole unix seconds') });

const status = z.enum(SWAP_STATUSES).register(fieldErrors, { invalid: SwapErrors.invalidStatus });
const isStatus = (value: unknown) => (SWAP_STATUSES as readonly unknown[]).includes(value);
/** One status or a list of them; a list is refused naming its first value that is not a status. */
const statusFilter = z
  .union([status, z.array(status).min(1).max(SWAP_STATUSES.length)])
  .register(fieldErrors, {
    invalid: (value) =>
      SwapErrors.invalidStatus(Array.isArray(value) ? (value.find((v) => !isStatus(v)) ?? value) : value),
    anyJsonType: true,
  });

/** D14: the calling key's swaps, newest first, a page at a time. */
export const listSwapsBody = z
  .object({
    status: statusFilter.optional().meta({ description: 'One status or a list of them (section 5)' }),
    since: unixSeconds.optional().meta({ description: 'Created at or after (unix s)' }),
    until: unixSeconds.optional().meta({ description: 'Created before (unix s)' }),
    limit: z.number().int().min(1).max(100).default(50).meta({ description: 'Page size, 1-100' }),
    cursor: z
      .string()
      .max(200)
      .optional()
      .register(fieldErrors, { invalid: SwapErrors.invalidCursor })
      .meta({ description: 'The next value of the previous page' }),
  })
  .register(apiRequests, { id: 'ListSwapsBody' });
export type ListSwapsBody = z.output<typeof listSwapsBody>;

/** D15: is this a valid address for the currency's chain, by the rules create applies (D8). */
export const validateAddressBody = z
  .object({
    code: currencyCode.meta({ description: 'Currency code' }),
    address: z.string().trim().meta({ description: 'The address to check' }),
  })
  .register(apiRequests, { id: 'ValidateAddressBody' });
export type ValidateAddressBody = z.output<typeof validateAddressBody>;

/** Per-key statistics (beyond D12-D15): swaps created in [since, until). */
export const swapStatsBody = z
  .object({
    since: unixSeconds.meta({ description: 'Created at or after (unix s)' }),
    until: unixSeconds.meta({ description: 'Created before (unix s)' }),
  })
  .register(apiRequests, { id: 'SwapStatsBody' });
export type SwapStatsBody = z.output<typeof swapStatsBody>;
