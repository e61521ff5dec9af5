import { z } from 'zod';
import { CURRENCY_CODES } from '@swap/domain';
import { defineRpc, rpcResult, units } from './define';

/** The longest range one request sums up (the gateway's /swap/stats allows no more). */
export const PARTNER_FEES_MAX_DAYS = 366;

/** A key and a range of its swaps' creation (`time.reg`, unix s), [since, until). */
export const partnerFeesRequest = z
  .object({
    apiKey: z.string().min(1).max(200),
    since: z.number().int().nonnegative(),
    until: z.number().int().nonnegative(),
  })
  .refine(({ since, until }) => since <= until && until - since <= PARTNER_FEES_MAX_DAYS * 86_400, {
    message: `since ≤ until, at most ${PARTNER_FEES_MAX_DAYS} days apart`,
  });
export type PartnerFeesRequest = z.infer<typeof partnerFeesRequest>;

/** What the key's partner account earned from its swaps out of `from`, in `currency` (their to-currency). */
export const partnerFeeTotal = z.object({
  from: z.enum(CURRENCY_CODES),
  currency: z.enum(CURRENCY_CODES),
  /** Base units earned (reversals of undone payouts already subtracted). */
  amount: units,
});
export type PartnerFeeTotal = z.infer<typeof partnerFeeTotal>;

/**
 * The partner share the key earned from its swaps created in the range, per source currency and
 * fee currency, summed in one query from the treasury's ledger account `fees:partner:<apiKey>`
 * (per-key statistics). The treasury keeps each swap's key and creation time with its book, so the
 * work is bounded by the range, not by a list of swaps. Totals of zero are left out. Version 2:
 * version 1 took up to 500 swap ids per request and answered per swap.
 */
export const treasuryPartnerFees = defineRpc({
  name: 'treasury.partner-fees',
  version: 2,
  subject: 'treasury.rpc.partner-fees',
  request: partnerFeesRequest,
  response: rpcResult(z.array(partnerFeeTotal)),
});
