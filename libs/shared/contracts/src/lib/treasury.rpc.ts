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
});
export type SignedTransactionMessage = z.infer<typeof signedTransaction>;

export const signTransferRequest = z.object({
  /** Idempotency key: the same requestId always gets the same signed bytes back. */
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
 * Errors: BAD_REQUEST (currency not on the network, amount not positive), CONFLICT (requestId
 * already used for a different transfer), SIGN_FAILED, UNAVAILABLE (node unreachable: ask again).
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
