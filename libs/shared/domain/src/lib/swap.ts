import { CurrencyCode } from './currencies';

export const SWAP_STATUSES = [
  'NEW',
  'PENDING',
  'CONFIRMING',
  'RATE_CHANGED',
  'EXCHANGING',
  'SENDING',
  'REFUNDING',
  'DONE',
  'EXPIRED',
  'REFUNDED',
  'FAILED',
] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** D4: FAILED is not final; operators resolve it. */
export const FINAL_STATUSES: readonly SwapStatus[] = ['DONE', 'EXPIRED', 'REFUNDED'];

export type RateType = 'float' | 'fixed';
export type Direction = 'from' | 'to';
export type IssueType = 'LESS' | 'MORE' | 'BELOW_MINIMUM' | 'NO_LIQUIDITY';
export type Choice = 'NONE' | 'EXCHANGE' | 'REFUND';

/** A transaction on a chain, amounts in base units of the currency it moved. */
export interface ChainTx {
  id: string;
  amount: bigint;
  fee: bigint | null;
  feeCurrency: CurrencyCode | null;
  timeReg: number;
  timeBlock: number | null;
  confirmations: number;
  /** Monero payouts only: the key proving the payment. */
  txKey: string | null;
}

export interface SwapIssue {
  type: IssueType | null;
  reason: string | null;
  needsRefundAddress: boolean;
  choice: Choice;
}

/** Times are UNIX seconds. */
export interface SwapTimes {
  reg: number;
  start: number | null;
  finish: number | null;
  update: number;
  expiration: number;
}

/**
 * The state of one swap as the engine keeps it. Amounts are base units (`bigint`) of the
 * currency they are in; rates and percentages are exact decimal strings.
 */
export interface Swap {
  id: string;
  token: string;
  /** The API key that created the swap. */
  apiKey: string;
  dryrun: boolean;
  type: RateType;
  direction: Direction;
  status: SwapStatus;
  from: CurrencyCode;
  to: CurrencyCode;
  /** What the user is expected to send (from-currency base units). */
  amountFrom: bigint;
  /** Payout: the quote until the deposit is credited, the final amount afterwards (to-currency base units). */
  amountTo: bigint;
  /** Sum of credited deposits (from-currency base units). */
  amountDeposited: bigint;
  /** To-coin per 1 from-coin at creation. */
  rate: string;
  rateActual: string | null;
  /** Total fee percent (service fee plus partner share), e.g. "0.25". */
  feePercent: string;
  partnerPercent: string;
  /** Absolute fee in to-currency base units. */
  feeAmount: bigint;
  /** Applied vs quoted rate in percent; set when the deposit is credited. */
  slippage: string | null;
  depositAddress: string;
  /** Derivation index of the deposit address under the source network's account (the treasury signs with it). */
  depositIndex: number | null;
  toAddress: string;
  refundAddress: string | null;
  depositTx: ChainTx | null;
  payoutTx: ChainTx | null;
  refundTx: ChainTx | null;
  issue: SwapIssue;
  /** While RATE_CHANGED: the re-quote the user accepts with EXCHANGE (amount in to-currency base units). */
  proposed: { rate: string; amount: bigint } | null;
  /** Copied from the key at creation: fixed-rate mismatches execute automatically. */
  autoExecuteOnMismatch: boolean;
  time: SwapTimes;
  /** Optimistic-concurrency version; bumped by every persisted transition. */
  version: number;
}
