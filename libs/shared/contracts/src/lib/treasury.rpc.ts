import { z } from 'zod';
import { CURRENCY_CODES, NETWORKS } from '@swap/domain';
import { decimal, defineRpc, rpcResult, units } from './define';

const network = z.enum(NETWORKS);
const currencyCode = z.enum(CURRENCY_CODES);

/** A signed transaction as the treasury hands it out (the fields of @swap/chain's SignedTransaction). */
export const signedTransaction = z.object({
  network,
  txid: z.string(),
  raw: z.string(),
  fee: units,
  feeCurrency: currencyCode,
  txKey: z.string().nullable(),
  /** The chain's deadline for these bytes (Solana: last valid block height; Tron: expiration, UNIX ms). */
  validUntil: z.number().int().nullable().optional(),
});
export type SignedTransactionMessage = z.infer<typeof signedTransaction>;

export const signTransferRequest = z.object({
  /** The engine's refundId; idempotency key: the same requestId always gets the same signed bytes back. */
  requestId: z.string().min(1).max(200),
  network,
  currency: currencyCode,
  to: z.string().min(1),
  /** Base units the recipient receives; the hot wallet pays the network fee on top. */
  amount: units,
  /** The swap the transfer belongs to, for the operator's view of the reservation. */
  swapId: z.string().optional(),
});
export type SignTransferRequest = z.infer<typeof signTransferRequest>;

/**
 * The refunds service holds no keys: the treasury signs a transfer from the network's hot wallet,
 * stores the bytes before replying (and sends them to the node itself, so account nonces stay in
 * order), and counts amount + fee against the hot wallet until the transaction confirms.
 * Only a refund the engine ordered is signed: requestId is its refundId, and network, currency,
 * address and amount must be those of the refundRequested command the treasury recorded.
 * Errors: BAD_REQUEST (currency not on the network, amount not positive), REFUND_NOT_ORDERED (no
 * such command has reached the treasury yet: ask again), REFUND_MISMATCH (not what the engine
 * ordered: never signed), CONFLICT (requestId already used for a different transfer), SIGN_FAILED,
 * and, to ask again later: HELD (above a payout limit, waiting for an operator), FROZEN (an
 * operator froze signing), UNAVAILABLE (node unreachable).
 */
export const treasurySignTransfer = defineRpc({
  name: 'treasury.sign-transfer',
  version: 1,
  subject: 'treasury.rpc.sign-transfer',
  request: signTransferRequest,
  response: rpcResult(signedTransaction),
});

export const hotWalletBalance = z.object({
  code: currencyCode,
  network,
  address: z.string(),
  /** Exact decimal in the currency's units; null when the node could not be asked. */
  balance: decimal.nullable(),
});
export type HotWalletBalance = z.infer<typeof hotWalletBalance>;

/** D9 `swapctl treasury balances`: the hot wallet of every currency, so operators can fund it. */
export const treasuryBalances = defineRpc({
  name: 'treasury.balances',
  version: 1,
  subject: 'ops.treasury.balances',
  request: z.object({}),
  response: rpcResult(z.array(hotWalletBalance)),
});

export const ledgerEntryView = z.object({
  /** The effect the entry belongs to (deposit, exchange, a transfer, a refund…). */
  batch: z.string(),
  memo: z.string(),
  account: z.string(),
  currency: currencyCode,
  /** Base units; debits positive, credits negative. */
  amount: units,
  /** UNIX milliseconds. */
  at: z.number().int(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryView>;

export const swapLedger = z.object({
  swapId: z.string(),
  entries: z.array(ledgerEntryView),
  /** Sum of the swap's entries per currency: every one is "0" when the books balance. */
  totals: z.array(z.object({ currency: currencyCode, amount: units })),
});
export type SwapLedger = z.infer<typeof swapLedger>;

/** `swapctl treasury ledger SWAP_ID`: the swap's double-entry ledger. */
export const treasuryLedger = defineRpc({
  name: 'treasury.ledger',
  version: 1,
  subject: 'ops.treasury.ledger',
  request: z.object({ swapId: z.string().min(1).max(64) }),
  response: rpcResult(swapLedger),
});

export const TRANSFER_KINDS = ['payout', 'refund', 'sweep', 'gas', 'delegate', 'undelegate'] as const;
/** HELD: above a payout limit, waiting for an operator (swapctl treasury approve | reject). */
export const TRANSFER_STATES = ['PLANNED', 'HELD', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED'] as const;
/** Transfers the treasury still works on: what an operator looks at when something is stuck. */
export const UNSETTLED_TRANSFER_STATES = ['PLANNED', 'HELD', 'SIGNED', 'BROADCAST'] as const;
/** How many transfers a list answers when not told. */
export const DEFAULT_TRANSFERS_LIMIT = 100;

export const transferView = z.object({
  id: z.string(),
  kind: z.enum(TRANSFER_KINDS),
  swapId: z.string().nullable(),
  network,
  currency: currencyCode,
  to: z.string(),
  /** Base units the recipient receives. */
  amount: units,
  state: z.enum(TRANSFER_STATES),
  txid: z.string().nullable(),
  confirmations: z.number().int(),
  /** Failed signing or broadcast attempts so far. */
  attempts: z.number().int(),
  /** UNIX milliseconds: a postponed transfer is not tried again before this. */
  nextAttemptAt: z.number().int(),
  failure: z.string().nullable(),
  /** What went wrong last (a node's refusal, an unreachable node) while it is still being tried. */
  lastError: z.string().nullable().optional(),
  /** Why the payout policy held it (the limit it is above), kept once an operator decided. */
  holdReason: z.string().nullable().optional(),
  /** Times it was signed again after a transaction of it expired unlanded (Tron, Solana). */
  generation: z.number().int().optional(),
  /** UNIX milliseconds. */
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type TransferView = z.infer<typeof transferView>;

export const transfersRequest = z.object({
  /** Default: the unsettled ones (PLANNED, SIGNED, BROADCAST). */
  states: z.array(z.enum(TRANSFER_STATES)).min(1).optional(),
  network: network.optional(),
  limit: z.number().int().min(1).max(1000).default(DEFAULT_TRANSFERS_LIMIT),
});
export type TransfersRequest = z.input<typeof transfersRequest>;

/**
 * `swapctl treasury transfers`: the treasury's payouts, refunds, sweeps and gas top-ups, oldest
 * first, by state and network: what is waiting to be signed, refused by a node or not confirmed yet.
 */
export const treasuryTransfers = defineRpc({
  name: 'treasury.transfers',
  version: 1,
  subject: 'ops.treasury.transfers',
  request: transfersRequest,
  response: rpcResult(z.array(transferView)),
});
