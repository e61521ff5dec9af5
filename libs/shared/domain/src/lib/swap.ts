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

// Groups of section 3's statuses, each in the document's order, defined here once.

/** Before the deposit is credited: waiting for it, seen, confirming. */
export const AWAITING_CREDIT: readonly SwapStatus[] = ['NEW', 'PENDING', 'CONFIRMING'];
/** The deposit was exchanged and its output is being (or has been) paid. */
export const EXCHANGED: readonly SwapStatus[] = ['EXCHANGING', 'SENDING', 'DONE'];
/** D4: FAILED is not final; operators resolve it. */
export const FINAL_STATUSES: readonly SwapStatus[] = ['DONE', 'EXPIRED', 'REFUNDED'];

export const RATE_TYPES = ['float', 'fixed'] as const;
export type RateType = (typeof RATE_TYPES)[number];
export type Direction = 'from' | 'to';
export const ISSUE_TYPES = ['LESS', 'MORE', 'BELOW_MINIMUM', 'NO_LIQUIDITY'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const CHOICES = ['NONE', 'EXCHANGE', 'REFUND'] as const;
export type Choice = (typeof CHOICES)[number];

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

/** A further payout's progress: requested from the treasury, broadcast, landed, or failed (then the deposit goes back). */
export type FurtherPayoutState = 'REQUESTED' | 'SENT' | 'DONE' | 'FAILED';

/** A deposit credited after the swap's own credit, exchanged on its own and paid to toAddress (rule 1). */
export interface FurtherPayout {
  /** `<swap>-further-<n>`: the treasury's id of the payout (n counts the swap's further payouts). */
  id: string;
  /** To-coin per 1 from-coin applied, the market's when the deposit confirmed. */
  rate: string;
  /** To-currency base units paid, and the fee kept from it. */
  amountTo: bigint;
  feeAmount: bigint;
  state: FurtherPayoutState;
  tx: ChainTx | null;
}

/**
 * What became of a deposit that confirmed after the swap's own credit:
 * - JOINED: added to the deposit the swap's decision (RATE_CHANGED) or refund (REFUNDING) applies to;
 * - PAID: exchanged on its own at the market of the moment and paid out in a further payout;
 * - RETURNED: sent back, less the refund fee (see `returns`).
 */
export type LaterHandling = 'JOINED' | 'PAID' | 'RETURNED';

export interface LaterDeposit {
  /** The engine's id of the deposit: network, txid and output or log index. */
  id: string;
  /** Its transaction. */
  tx: string;
  /** What it brought (from-currency base units). */
  amount: bigint;
  /** UNIX seconds it was handled (it had its confirmations). */
  time: number;
  handling: LaterHandling;
  /** PAID: its payout. */
  payout: FurtherPayout | null;
}

/**
 * A return's progress: WAITING for a refund address, REQUESTED from the refunds service, SENT
 * (broadcast), CONFIRMED on the chain, or FAILED (an operator may send it again, a new return).
 */
export type ReturnState = 'WAITING' | 'REQUESTED' | 'SENT' | 'CONFIRMED' | 'FAILED';

/** A deposit the swap did not take, going back to the user less the 1 % refund fee. */
export interface DepositReturn {
  /** `<swap>-return-<n>`: also the refund id the refunds service and the treasury know it by. */
  id: string;
  /** The deposit's engine id and transaction. */
  deposit: string;
  depositTx: string;
  /** What the deposit brought, and what goes back (from-currency base units). */
  deposited: bigint;
  amount: bigint;
  /** Null while WAITING. */
  address: string | null;
  state: ReturnState;
  tx: ChainTx | null;
  /** Why the deposit goes back; why the return failed. */
  reason: string;
  /** UNIX seconds. */
  requestedAt: number;
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
  /** The referral code the swap was created through (D19), its key being `apiKey`; null otherwise. */
  ref: string | null;
  type: RateType;
  direction: Direction;
  status: SwapStatus;
  from: CurrencyCode;
  to: CurrencyCode;
  /** What the user is expected to send (from-currency base units). */
  amountFrom: bigint;
  /** Payout: the quote until the deposit is credited, the final amount afterwards (to-currency base units). */
  amountTo: bigint;
  /**
   * Sum of the deposits the swap's own exchange or refund applies to (from-currency base units);
   * deposits paid out on their own are in `later`.
   */
  amountDeposited: bigint;
  /** To-coin per 1 from-coin at creation. */
  rate: string;
  rateActual: string | null;
  /** Total fee percent (service fee plus partner share), e.g. "0.25". */
  feePercent: string;
  partnerPercent: string;
  /**
   * The key's fee-share agreement when the swap was created: the percent of the service fee
   * (`feeAmount`) booked to the partner; "0" without one. Exclusive with a volume share.
   */
  feeShare: string;
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
  /** Deposits that confirmed after the swap's own credit, oldest first, each handled once. */
  later: LaterDeposit[];
  /** Returns of deposits the swap did not take, oldest first. */
  returns: DepositReturn[];
  time: SwapTimes;
  /**
   * The engine's creation sequence, strictly increasing with every swap created: it orders the
   * swaps created within one second of `time.reg` (0 on an event from before it existed).
   */
  seq: number;
  /** Optimistic-concurrency version; bumped by every persisted transition. */
  version: number;
}
