import { z } from 'zod';
import { NETWORKS } from '@swap/domain';
import { defineRpc, rpcResult } from './define';
import { transferView } from './treasury.rpc';

export const heldTransferRequest = z.object({ transferId: z.string().min(1).max(200) });
export type HeldTransferRequest = z.infer<typeof heldTransferRequest>;

/**
 * `swapctl treasury approve ID`: a transfer the payout policy held (above a limit per transfer,
 * hour or day of its currency) is let go: signed and sent like any planned one, once, however
 * often it is approved (an approved transfer is answered as it is). It then counts in the windows.
 * Errors: NOT_FOUND, CONFLICT (not held, and not approved before).
 */
export const treasuryApprove = defineRpc({
  name: 'treasury.approve',
  version: 1,
  subject: 'ops.treasury.approve',
  request: heldTransferRequest,
  response: rpcResult(transferView),
});

export const rejectRequest = heldTransferRequest.extend({
  /** Why, in words a support agent can repeat: the swap's issue.reason carries it. */
  reason: z.string().trim().min(1).max(500),
});
export type RejectRequest = z.infer<typeof rejectRequest>;

/**
 * `swapctl treasury reject ID --reason R`: a held transfer fails, never signed; its swap goes
 * FAILED with the reason (a payout through the engine's failed-payout path, a refund through the
 * refunds service). Asked again, the rejected transfer is answered as it is.
 * Errors: NOT_FOUND, CONFLICT (not held, and not rejected before).
 */
export const treasuryReject = defineRpc({
  name: 'treasury.reject',
  version: 1,
  subject: 'ops.treasury.reject',
  request: rejectRequest,
  response: rpcResult(transferView),
});

export const FREEZE_SCOPES = [...NETWORKS, 'all'] as const;
export const freezeScope = z.enum(FREEZE_SCOPES);
export type FreezeScopeName = z.infer<typeof freezeScope>;

export const signingFreezeView = z.object({
  scope: freezeScope,
  reason: z.string().nullable(),
  /** UNIX milliseconds. */
  since: z.number().int(),
});
export type SigningFreezeView = z.infer<typeof signingFreezeView>;

export const freezeRequest = z.object({
  network: freezeScope.default('all'),
  reason: z.string().trim().min(1).max(500).optional(),
});
export type FreezeRequest = z.input<typeof freezeRequest>;

/**
 * `swapctl treasury freeze [NETWORK|all]`: the kill switch. Nothing more is signed on the network
 * (or any): payouts, refunds, sweeps, gas top-ups and the operator's replacements wait, and the
 * swaps wait in EXCHANGING or REFUNDING. It survives restarts and shows in the treasury's /readyz
 * and metrics. Answers every freeze in force.
 */
export const treasuryFreeze = defineRpc({
  name: 'treasury.freeze',
  version: 1,
  subject: 'ops.treasury.freeze',
  request: freezeRequest,
  response: rpcResult(z.array(signingFreezeView)),
});

export const unfreezeRequest = z.object({ network: freezeScope.default('all') });
export type UnfreezeRequest = z.input<typeof unfreezeRequest>;

/**
 * `swapctl treasury unfreeze [NETWORK|all]`: signing goes on (all: every freeze lifted; a network:
 * its own freeze, while a freeze of all still holds it). Answers the freezes still in force.
 */
export const treasuryUnfreeze = defineRpc({
  name: 'treasury.unfreeze',
  version: 1,
  subject: 'ops.treasury.unfreeze',
  request: unfreezeRequest,
  response: rpcResult(z.array(signingFreezeView)),
});
