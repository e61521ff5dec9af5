import type { CurrencyCode, Network } from '@swap/domain';

export type RefundState = 'REQUESTED' | 'SIGNED' | 'SENT' | 'CONFIRMED' | 'FAILED';

/** A refund attempt as the refunds service keeps it. Amounts are base units of `currency`. */
export interface Refund {
  refundId: string;
  swapId: string;
  network: Network;
  currency: CurrencyCode;
  address: string;
  amount: bigint;
  deposited: bigint;
  state: RefundState;
  txid: string | null;
  /** The signed transaction, stored before it is first sent. */
  raw: string | null;
  fee: bigint | null;
  feeCurrency: CurrencyCode | null;
  confirmations: number;
  reason: string | null;
  /** The last progress the engine acknowledged hearing (`<state>:<confirmations>`). */
  reported: string | null;
}
