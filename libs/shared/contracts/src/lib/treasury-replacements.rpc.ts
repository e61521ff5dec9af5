import { z } from 'zod';
import { CURRENCY_CODES, NETWORKS } from '@swap/domain';
import { defineRpc, rpcResult, units } from './define';

export const bumpRequest = z.object({
  transferId: z.string().min(1).max(200),
  /** sat/vB on BTC and LTC, maxFeePerGas in gwei on ETH and AVAX; absent: the market's (at least what nodes require). */
  feeRate: z
    .string()
    .regex(/^[1-9]\d{0,11}$/, 'a positive whole number')
    .optional(),
});
export type BumpRequest = z.infer<typeof bumpRequest>;

export const fillNonceRequest = z.object({
  transferId: z.string().min(1).max(200),
  /** maxFeePerGas in gwei; absent: the market's, at least 10 % above the stuck transaction's. */
  feeRate: bumpRequest.shape.feeRate,
});
export type FillNonceRequest = z.infer<typeof fillNonceRequest>;

/** What the treasury signed, stored and sent for the operator. */
export const replacementView = z.object({
  transferId: z.string(),
  network: z.enum(NETWORKS),
  action: z.enum(['bump', 'fill-nonce', 'cpfp']),
  /** The stuck transaction (for a CPFP child: its parent, which stays). */
  replaces: z.string(),
  /** The new one, stored before it was broadcast. */
  txid: z.string(),
  /** Its fee (the transfer's share of it, in a batch), and the stuck one's, base units. */
  fee: units,
  previousFee: units,
  feeCurrency: z.enum(CURRENCY_CODES),
  /** Transfers the new transaction carries (a UTXO batch's payouts are bumped together). */
  transfers: z.array(z.string()),
  /** Whether the node took it now; if not, the treasury keeps sending it (with backoff). */
  accepted: z.boolean(),
  reason: z.string().nullable(),
});
export type ReplacementView = z.infer<typeof replacementView>;

/**
 * `swapctl treasury bump ID`: a stuck transfer's transaction replaced by the same payment at a
 * higher fee (BIP125 on BTC and LTC, the same nonce on ETH and AVAX). Whichever of the two is mined
 * settles the transfer; they conflict, so it pays once. Errors: NOT_FOUND, CONFLICT (not signed
 * yet, settled), CANNOT_REPLACE (the network or transaction offers no bump), UNAVAILABLE.
 */
export const treasuryBump = defineRpc({
  name: 'treasury.bump',
  version: 1,
  subject: 'ops.treasury.bump',
  request: bumpRequest,
  response: rpcResult(replacementView),
});

/**
 * `swapctl treasury fill-nonce ID` (ETH, AVAX): a zero-value transfer to the hot wallet at a stuck
 * transfer's nonce. The transfer fails (the engine's failed-payout path) only once the filler is
 * mined as deep as the payout would have to be; if the payout is mined instead, it stands.
 */
export const treasuryFillNonce = defineRpc({
  name: 'treasury.fill-nonce',
  version: 1,
  subject: 'ops.treasury.fill-nonce',
  request: fillNonceRequest,
  response: rpcResult(replacementView),
});

export const cpfpRequest = z.object({
  transferId: z.string().min(1).max(200),
  /** sat/vB the stuck transaction and its child pay together; absent: the market's, at least twice the parent's. */
  feeRate: bumpRequest.shape.feeRate,
});
export type CpfpRequest = z.infer<typeof cpfpRequest>;

/**
 * `swapctl treasury cpfp ID` (BTC, LTC): a child spending the stuck payout's change back to the hot
 * wallet at a fee that makes mining both worth it, for nodes that relay no replacement (Litecoin
 * Core by default). The payout's own transaction stays: nothing can pay twice.
 */
export const treasuryCpfp = defineRpc({
  name: 'treasury.cpfp',
  version: 1,
  subject: 'ops.treasury.cpfp',
  request: cpfpRequest,
  response: rpcResult(replacementView),
});
