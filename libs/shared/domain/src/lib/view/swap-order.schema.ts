/** The swap order of section 2.5: what create, status, advance and emergency return in `data`. */
import { z } from 'zod';
import { CHOICES, ISSUE_TYPES, RATE_TYPES, SWAP_STATUSES } from '../swap';
import { apiResponses } from './api-responses';
import { currencyIdentity } from './api.views';

const time = z
  .object({
    reg: z.number(),
    start: z.number().nullable(),
    finish: z.number().nullable(),
    update: z.number(),
    expiration: z.number(),
    left: z.number().nullable(),
  })
  .register(apiResponses, { id: 'SwapTime' });

/** from.tx and refund.tx. */
export const chainTxView = z
  .object({
    id: z.string(),
    amount: z.string(),
    fee: z.string().nullable(),
    feeCurrency: z.string().nullable(),
    timeReg: z.number(),
    timeBlock: z.number().nullable(),
    confirmations: z.number(),
  })
  .register(apiResponses, { id: 'ChainTx' });
export type ChainTxView = z.output<typeof chainTxView>;

/** to.tx: the payout, with the Monero tx key. */
export const payoutTxView = chainTxView
  .omit({ timeBlock: true })
  .extend({ txKey: z.string().nullable().meta({ description: 'Monero payouts: the tx key' }) })
  .register(apiResponses, { id: 'PayoutTx' });
export type PayoutTxView = z.output<typeof payoutTxView>;

const from = currencyIdentity
  .extend({
    amount: z.string(),
    amountDeposited: z.string(),
    address: z.string(),
    reqConfirmations: z.number(),
    tx: chainTxView.nullable(),
  })
  .register(apiResponses, { id: 'SwapFrom' });

const to = currencyIdentity
  .extend({ amount: z.string(), address: z.string(), tx: payoutTxView.nullable() })
  .register(apiResponses, { id: 'SwapTo' });

const refund = z
  .object({ address: z.string().nullable(), tx: chainTxView.nullable() })
  .register(apiResponses, { id: 'Refund' });

const issue = z
  .object({
    type: z.enum(ISSUE_TYPES).nullable(),
    reason: z.string().nullable(),
    needsRefundAddress: z.boolean(),
    choice: z.enum(CHOICES),
  })
  .register(apiResponses, { id: 'Issue' });

const fee = z
  .object({ percent: z.number(), amount: z.string(), partnerPercent: z.number() })
  .register(apiResponses, { id: 'SwapFee' });

const proposed = z
  .object({ rate: z.string(), amount: z.string() })
  .register(apiResponses, { id: 'Proposed' });

const returnStatus = z.enum(['AWAITING_ADDRESS', 'REFUNDING', 'REFUNDED', 'FAILED']).meta({
  description:
    'AWAITING_ADDRESS: no refund address yet (an EXPIRED swap takes one through /swap/emergency REFUND); ' +
    'REFUNDING: being sent; REFUNDED: broadcast, tx.confirmations count on; FAILED: the operators send it again',
});
export type ReturnStatus = z.output<typeof returnStatus>;

/** A deposit going back, less the 1 % refund fee. */
export const returnView = z
  .object({
    depositTx: z.string().meta({ description: "The returned deposit's transaction" }),
    deposited: z.string().meta({ description: 'What the deposit brought' }),
    amount: z.string().meta({ description: 'What goes back: the deposit minus the 1 % refund fee' }),
    address: z.string().nullable().meta({ description: 'Null while AWAITING_ADDRESS' }),
    status: returnStatus,
    tx: chainTxView.nullable(),
    reason: z.string().meta({ description: 'Why the deposit goes back, or why the return failed' }),
  })
  .register(apiResponses, { id: 'DepositReturn' });
export type ReturnView = z.output<typeof returnView>;

export const swapOrderView = z
  .object({
    id: z.string().length(10),
    token: z.string().length(22),
    type: z.enum(RATE_TYPES),
    status: z.enum(SWAP_STATUSES),
    time,
    from,
    to,
    refund,
    issue,
    rate: z.string(),
    rateActual: z.string().nullable(),
    fee,
    slippage: z.number().nullable(),
    proposed: proposed.nullable(),
    dryrun: z.boolean(),
    url: z.string().nullable(),
    ref: z.string().nullable().meta({
      description:
        "The referral code the swap was created through on the service's page (D19), the code of the key it belongs to; null otherwise",
    }),
    returns: z.array(returnView).meta({
      description:
        'Deposits the swap did not take (after it ended, or that it could not add), each going back by itself',
    }),
  })
  .register(apiResponses, { id: 'SwapOrder' });
export type SwapOrderView = z.output<typeof swapOrderView>;

/** D12: the body of every webhook delivery (and, with its version, of every live event: D18). */
export const swapUpdatedEvent = z
  .object({
    id: z.string().meta({ description: 'The event id, stable across retries (also X-Webhook-Id)' }),
    type: z.enum(['swap.updated']),
    created: z.number().int().meta({ description: 'When the change happened (unix s)' }),
    data: swapOrderView,
  })
  .meta({ description: "A change of one of the key's swaps (D12)" })
  .register(apiResponses, { id: 'SwapUpdatedEvent' });
export type SwapUpdatedEvent = z.output<typeof swapUpdatedEvent>;
