import type { CurrencyCode, RefundTerms } from '@swap/domain';

export type RefundState = 'REQUESTED' | 'SIGNED' | 'SENT' | 'CONFIRMED' | 'FAILED';

/** A refund attempt as the refunds service keeps it. Amounts are base units of `currency`. */
export interface Refund extends RefundTerms {
  deposited: bigint;
  state: RefundState;
  txid: string | null;
  /** The signed transaction, stored before it is first sent. */
  raw: string | null;
  fee: bigint | null;
  feeCurrency: CurrencyCode | null;
  /** The chain's deadline for these bytes, where it has one (see @swap/chain's SignedTransaction). */
  validUntil: number | null;
  /** The node refused these bytes for a reason other than their deadline (lastError says why). */
  refused: boolean;
  lastError: string | null;
  /** Times the treasury signed it again after a transaction of it expired unlanded. */
  generation: number;
  confirmations: number;
  reason: string | null;
  /** The last progress the engine acknowledged hearing (`<state>:<confirmations>`). */
  reported: string | null;
}
