import { z } from 'zod';
import { CURRENCY_CODES, NETWORKS } from '@swap/domain';
import { defineEvent, defineStream, units, SWAP_STREAM_RETENTION } from './define';

/**
 * Everything that happens to a swap from outside the engine (chain deposits, treasury and refund
 * results) goes to the swap's actor through one ordered subject, `engine.in.<partition>.<swapId>`.
 * Partitions are fixed: each has one durable consumer, owned by one engine instance at a time, so
 * one swap's inputs are applied one at a time and in order.
 */
export const ENGINE_PARTITIONS = 32;

/** FNV-1a of the swap id, modulo ENGINE_PARTITIONS: every publisher computes the same partition. */
export function enginePartition(swapId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < swapId.length; i++) {
    hash ^= swapId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % ENGINE_PARTITIONS;
}

export const ENGINE_INBOX_STREAM = defineStream({
  name: 'ENGINE_INBOX',
  subjects: ['engine.in.>'],
  ...SWAP_STREAM_RETENTION,
});

const currencyCode = z.enum(CURRENCY_CODES);
const network = z.enum(NETWORKS);

/**
 * A watcher's view of one deposit to a swap's address. Sent whenever what it knows changes: seen in
 * the mempool (0 confirmations), each new confirmation count up to the currency's requirement,
 * moved by a reorganisation, or gone (`reverted`: neither in the chain nor in the mempool).
 */
export const depositObserved = z.object({
  kind: z.literal('deposit'),
  swapId: z.string(),
  network,
  currency: currencyCode,
  address: z.string(),
  /** `<network>:<txid>:<index>`: stable across redeliveries and rescans. */
  depositId: z.string(),
  txid: z.string(),
  index: z.number().int().nonnegative(),
  amount: units,
  confirmations: z.number().int().nonnegative(),
  blockHeight: z.number().int().nonnegative().nullable(),
  blockHash: z.string().nullable(),
  reverted: z.boolean(),
  /**
   * Reverted because this transaction spent the same coins (BTC, LTC): a fee bump (RBF) or a
   * double spend. When it pays the address too, it is a deposit of its own, reported as such.
   */
  replacedBy: z.string().nullable().optional(),
  /**
   * How many deposits to this address the watcher knows in a block, this one included: the engine
   * credits a swap's deposits together (rule 1) once it has heard of all of them.
   */
  minedDeposits: z.number().int().nonnegative().optional(),
  /** UNIX milliseconds when the watcher saw this state. */
  observedAt: z.number().int(),
});
export type DepositObserved = z.infer<typeof depositObserved>;

const txFee = { fee: units.nullable(), feeCurrency: currencyCode.nullable() };

/** The treasury's progress on a payout the engine requested (treasuryPayoutRequested). */
export const payoutProgress = z.object({
  kind: z.literal('payout'),
  swapId: z.string(),
  payoutId: z.string(),
  /** broadcast: signed and accepted by the node; confirmed: counted (again) on the chain; failed: will never land. */
  state: z.enum(['broadcast', 'confirmed', 'failed']),
  txid: z.string().nullable(),
  ...txFee,
  txKey: z.string().nullable(),
  confirmations: z.number().int().nonnegative(),
  reason: z.string().nullable(),
  observedAt: z.number().int(),
});
export type PayoutProgress = z.infer<typeof payoutProgress>;

/** The refunds service's progress on a refund the engine requested (refundRequested). */
export const refundProgress = z.object({
  kind: z.literal('refund'),
  swapId: z.string(),
  refundId: z.string(),
  state: z.enum(['sent', 'confirmed', 'failed']),
  txid: z.string().nullable(),
  ...txFee,
  confirmations: z.number().int().nonnegative(),
  reason: z.string().nullable(),
  observedAt: z.number().int(),
});
export type RefundProgress = z.infer<typeof refundProgress>;

export const engineInput = z.discriminatedUnion('kind', [depositObserved, payoutProgress, refundProgress]);
export type EngineInput = z.infer<typeof engineInput>;

export const engineInbox = defineEvent({
  name: 'engine.input',
  version: 1,
  stream: ENGINE_INBOX_STREAM,
  filter: 'engine.in.>',
  subject: (swapId: string) => `engine.in.${enginePartition(swapId)}.${swapId}`,
  schema: engineInput,
});

/** The consumer filter of one partition. */
export const enginePartitionFilter = (partition: number): string => `engine.in.${partition}.*`;

/** De-duplication id of an input: a repeated observation of the same state is one message. */
export function engineInputId(input: EngineInput): string {
  switch (input.kind) {
    case 'deposit':
      return `${input.depositId}:${input.reverted ? 'reverted' : `${input.blockHash ?? 'mempool'}:${input.confirmations}`}`;
    // The txid too: a transaction that expired unlanded (Tron, Solana) is followed by another one.
    case 'payout':
      return `${input.payoutId}:${input.state}:${input.confirmations}:${input.txid ?? '-'}`;
    case 'refund':
      return `${input.refundId}:${input.state}:${input.confirmations}:${input.txid ?? '-'}`;
  }
}
