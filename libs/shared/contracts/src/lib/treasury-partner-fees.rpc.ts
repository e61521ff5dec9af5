import { z } from 'zod';
import { CURRENCY_CODES } from '@swap/domain';
import { defineRpc, rpcResult, units } from './define';

/** Swaps one request may name: a year of a busy key is asked in a few hundred small requests. */
export const PARTNER_FEES_MAX_SWAPS = 500;

export const partnerFeesRequest = z.object({
  apiKey: z.string().min(1).max(200),
  swapIds: z.array(z.string().min(1).max(64)).min(1).max(PARTNER_FEES_MAX_SWAPS),
});
export type PartnerFeesRequest = z.infer<typeof partnerFeesRequest>;

/** What the key's partner account earned from one swap, in one currency (the swap's to-currency). */
export const partnerFee = z.object({
  swapId: z.string(),
  currency: z.enum(CURRENCY_CODES),
  /** Base units earned (reversals of undone payouts already subtracted). */
  amount: units,
});
export type PartnerFee = z.infer<typeof partnerFee>;

/**
 * The partner share the key earned from each of the named swaps, read from the treasury's ledger
 * account `fees:partner:<apiKey>` (per-key statistics): swaps with nothing booked there are left
 * out. The caller picks the swaps (the gateway: the key's swaps created in a time range), since
 * the ledger knows when a fee was booked, not when its swap was created.
 */
export const treasuryPartnerFees = defineRpc({
  name: 'treasury.partner-fees',
  version: 1,
  subject: 'treasury.rpc.partner-fees',
  request: partnerFeesRequest,
  response: rpcResult(z.array(partnerFee)),
});
