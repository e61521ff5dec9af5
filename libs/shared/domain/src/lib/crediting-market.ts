/** Market facts the engine looks up when a deposit reaches its required confirmations. */
export interface CreditingMarket {
  /** Current to-coin per 1 from-coin, exact decimal string. */
  rate: string;
  /** To-currency base units the service can pay right now; null = no limit. */
  payoutAvailable: bigint | null;
  /** The pair minimum in from-currency base units. */
  pairMin: bigint;
}
