import { z } from 'zod';
import { CURRENCY_CODES } from '@swap/domain';
import { decimal, defineRpc, rpcResult, units } from './define';
import { DEPOSIT_RETURN_STATES, depositReturn } from './deposit-returns';
import { swapSnapshot } from './swap-snapshot';
import { createSwapBody, resolveBody } from './swap-api.requests';

/** The per-key settings the engine needs to decide a swap's terms. */
export const keyTerms = z.object({
  apiKey: z.string(),
  fixedRateEnabled: z.boolean(),
  dryrunEnabled: z.boolean(),
  autoExecuteOnMismatch: z.boolean(),
  partnerPercent: decimal,
  /** Percent of the service fee booked to the key (D19); absent from a gateway older than it. */
  feeShare: decimal.default('0'),
});
export type KeyTerms = z.infer<typeof keyTerms>;

/** An integrator's create body (§4.1) as the gateway checked it, with who asks. */
export const createSwapRequest = createSwapBody.extend({
  /** Unique per API request (key + nonce): a retried request returns the swap it already created. */
  requestId: z.string().min(1).max(160),
  key: keyTerms,
  /** Base units of the currency named by direction. */
  amount: units,
  refundAddress: z.string().nullable(),
  /** The referral code the swap is created through, `key` being its key (D19); null otherwise. */
  ref: z.string().nullable().default(null),
});
export type EngineCreateSwapRequest = z.infer<typeof createSwapRequest>;

/** Swap-bound commands are applied by the swap's actor in the engine. */
export const engineCreateSwap = defineRpc({
  name: 'engine.swap.create',
  version: 1,
  subject: 'engine.rpc.swap.create',
  request: createSwapRequest,
  response: rpcResult(swapSnapshot),
});

export const engineAdvanceSwap = defineRpc({
  name: 'engine.swap.advance',
  version: 1,
  subject: 'engine.rpc.swap.advance',
  request: z.object({ id: z.string() }),
  response: rpcResult(swapSnapshot),
});

export const engineResolveSwap = defineRpc({
  name: 'engine.swap.resolve',
  version: 1,
  subject: 'engine.rpc.swap.resolve',
  request: z.object({
    id: z.string(),
    choice: resolveBody.shape.choice,
    /** Checked against the swap's source chain by the engine. */
    address: z.string().nullable(),
  }),
  response: rpcResult(swapSnapshot),
});

/** Operator reads (swapctl). */
export const engineShowSwap = defineRpc({
  name: 'engine.swap.show',
  version: 1,
  subject: 'ops.engine.swaps.show',
  request: z.object({ id: z.string() }),
  response: rpcResult(swapSnapshot),
});

export const engineListSwaps = defineRpc({
  name: 'engine.swap.list',
  version: 1,
  subject: 'ops.engine.swaps.list',
  request: z.object({ status: z.string().nullable(), limit: z.number().int().positive().max(1000) }),
  response: rpcResult(z.array(swapSnapshot)),
});

/** D4: operators resolve a FAILED swap (swapctl swaps retry-payout). */
export const engineRetryPayout = defineRpc({
  name: 'engine.swap.retry-payout',
  version: 1,
  subject: 'ops.engine.swaps.retry-payout',
  request: z.object({ id: z.string() }),
  response: rpcResult(swapSnapshot),
});

/** D4: operators refund a FAILED swap, optionally to an address they set (swapctl swaps refund). */
export const engineOperatorRefund = defineRpc({
  name: 'engine.swap.refund',
  version: 1,
  subject: 'ops.engine.swaps.refund',
  request: z.object({ id: z.string(), address: z.string().nullable() }),
  response: rpcResult(swapSnapshot),
});

/** One deposit a watcher reported to a swap's address, as the engine's deposit log keeps it. */
export const loggedDeposit = z.object({
  depositId: z.string(),
  txid: z.string(),
  index: z.number().int().nonnegative(),
  currency: z.enum(CURRENCY_CODES),
  address: z.string(),
  amount: units,
  confirmations: z.number().int().nonnegative(),
  blockHeight: z.number().int().nonnegative().nullable(),
  blockHash: z.string().nullable(),
  reverted: z.boolean(),
  /** Reverted because this transaction spent the same coins: a fee bump (RBF) or a double spend. */
  replacedBy: z.string().nullable().default(null),
  /** Added up in the swap's credit; false for a deposit after the crediting or the swap's end. */
  credited: z.boolean(),
  /** UNIX seconds. */
  firstSeenAt: z.number().int(),
  /**
   * What the swap did with it after its own credit (rule 1): JOINED the deposit a decision or
   * refund applies to, PAID out on its own, or RETURNED; null for the swap's own credit or a
   * deposit not handled yet.
   */
  handling: z.enum(['JOINED', 'PAID', 'RETURNED']).nullable(),
  /** Its latest return: `waiting` (for a refund address, then `address` is null) or under way. */
  returned: depositReturn
    .extend({ address: z.string().nullable(), state: z.enum(['waiting', ...DEPOSIT_RETURN_STATES]) })
    .nullable(),
});
export type DepositLogEntry = z.infer<typeof loggedDeposit>;

/**
 * Every deposit to a swap's address (swapctl swaps deposits): the credited ones and those that
 * came after the crediting or after the swap ended, which operators resolve.
 */
export const engineSwapDeposits = defineRpc({
  name: 'engine.swap.deposits',
  version: 1,
  subject: 'ops.engine.swaps.deposits',
  request: z.object({ id: z.string() }),
  response: rpcResult(z.array(loggedDeposit)),
});

/**
 * An operator sends back a deposit the swap did not take (it came after the crediting, or after
 * the swap ended): to `address`, or to the swap's refund address when null. Answers the return.
 */
export const engineReturnDeposit = defineRpc({
  name: 'engine.swap.return-deposit',
  version: 1,
  subject: 'ops.engine.swaps.return-deposit',
  request: z.object({ id: z.string(), depositId: z.string(), address: z.string().nullable() }),
  response: rpcResult(depositReturn),
});
