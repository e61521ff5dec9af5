import type { CurrencyCode, Network } from './currencies';

/** A refund as the engine orders it (refundRequested): which swap's, where it goes, how much. */
export interface RefundTerms {
  refundId: string;
  swapId: string;
  network: Network;
  currency: CurrencyCode;
  address: string;
  /** Base units of `currency` the refund sends. */
  amount: bigint;
}
