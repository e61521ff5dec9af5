import { z } from 'zod';
import { CURRENCY_CODES, NETWORKS } from '@swap/domain';
import { defineEvent, defineStream, units, SWAP_STREAM_RETENTION } from './define';

/** The states of a deposit's return, as the refunds service reports the transfer that carries it. */
export const DEPOSIT_RETURN_STATES = ['requested', 'sent', 'confirmed', 'failed'] as const;
export type DepositReturnState = (typeof DEPOSIT_RETURN_STATES)[number];

/**
 * A deposit its swap did not take (it came after the swap ended, or after its credit when the swap
 * could not add it), sent back by itself or by an operator (swapctl swaps return-deposit): the
 * deposit less the 1 % refund fee, the service paying the network fee, through the refunds service
 * like any refund. At most one return of a deposit is under way or done at a time; a failed one
 * may be sent again by an operator (a new return id).
 */
export const depositReturn = z.object({
  /** `<swap>-return-<n>`: also the refund id the refunds service and the treasury know it by. */
  returnId: z.string(),
  swapId: z.string(),
  depositId: z.string(),
  network: z.enum(NETWORKS),
  currency: z.enum(CURRENCY_CODES),
  /** Where the deposit goes back to. */
  address: z.string(),
  /** What the deposit brought, base units. */
  deposited: units,
  /** What the return sends: deposited less the refund fee. */
  amount: units,
  state: z.enum(DEPOSIT_RETURN_STATES),
  txid: z.string().nullable(),
  fee: units.nullable(),
  feeCurrency: z.enum(CURRENCY_CODES).nullable(),
  confirmations: z.number().int().nonnegative(),
  reason: z.string().nullable(),
  /** UNIX seconds. */
  requestedAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type DepositReturn = z.infer<typeof depositReturn>;

/** Returns of late deposits, for the treasury's books (and for anyone who follows them). */
export const DEPOSIT_RETURNS_STREAM = defineStream({
  name: 'DEPOSIT_RETURNS',
  subjects: ['engine.returns.*'],
  ...SWAP_STREAM_RETENTION,
});

/**
 * A return changed state. The deposit address and its index say where the deposit sits on TRX,
 * ETH, AVAX and SOL, for the sweep that brings it to the hot wallet.
 */
export const depositReturnUpdated = defineEvent({
  name: 'engine.return.updated',
  version: 1,
  stream: DEPOSIT_RETURNS_STREAM,
  filter: 'engine.returns.*',
  subject: (swapId: string) => `engine.returns.${swapId}`,
  schema: depositReturn.extend({
    depositAddress: z.string(),
    depositIndex: z.number().int().nonnegative().nullable(),
  }),
});
export type DepositReturnUpdated = z.infer<typeof depositReturnUpdated.schema>;
