import { z } from 'zod';
import { CURRENCY_CODES, NETWORKS } from '@swap/domain';
import { defineEvent, defineStream, units, SWAP_STREAM_RETENTION } from './define';

/** Commands from the engine (through its outbox) to the services that move money. */
export const MONEY_COMMANDS_STREAM = defineStream({
  name: 'MONEY_COMMANDS',
  subjects: ['treasury.payout.*', 'refunds.refund.*'],
  ...SWAP_STREAM_RETENTION,
});

const transfer = {
  swapId: z.string(),
  network: z.enum(NETWORKS),
  currency: z.enum(CURRENCY_CODES),
  address: z.string(),
  /** Base units the recipient receives; the service pays the network fee on top. */
  amount: units,
  requestedAt: z.number().int(),
};

/** Pay a swap out from the hot wallet. `payoutId` is unique per attempt: a repeat is the same payout. */
export const treasuryPayoutRequested = defineEvent({
  name: 'treasury.payout.requested',
  version: 1,
  stream: MONEY_COMMANDS_STREAM,
  filter: 'treasury.payout.*',
  subject: (network: string) => `treasury.payout.${network}`,
  schema: z.object({ payoutId: z.string(), ...transfer }),
});
export type TreasuryPayoutRequested = z.infer<typeof treasuryPayoutRequested.schema>;

/** Send a swap's deposit back (minus the refund fee). `refundId` is unique per attempt. */
export const refundRequested = defineEvent({
  name: 'refunds.refund.requested',
  version: 1,
  stream: MONEY_COMMANDS_STREAM,
  filter: 'refunds.refund.*',
  subject: (network: string) => `refunds.refund.${network}`,
  schema: z.object({
    refundId: z.string(),
    ...transfer,
    /** What the swap received, for the ledger: amount = deposited − refund fee. */
    deposited: units,
  }),
});
export type RefundRequested = z.infer<typeof refundRequested.schema>;
