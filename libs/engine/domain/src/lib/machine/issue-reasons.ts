/**
 * issue.reason texts, in words a support agent can repeat to a user (D4). The FAILED texts also
 * tell the machine why a swap is under review, so change their openings only together with
 * `failureCause`.
 */
import { CURRENCIES, CurrencyCode, fromUnits, Swap } from '@swap/domain';

const amount = (units: bigint, code: CurrencyCode): string => {
  const { chainDecimals, precision } = CURRENCIES[code];
  return `${fromUnits(units, chainDecimals, precision)} ${code}`;
};

const PAYOUT_FAILED = 'The payout could not be completed';
const REFUND_FAILED = 'The refund could not be completed';
const DEPOSIT_REVERTED = 'The credited deposit disappeared from the chain in a reorganisation';
const WHILE_UNDER_WAY = 'while its payout or refund was under way';
const REVIEW = 'the service operators are reviewing the swap';

const refundHint = (needsAddress: boolean): string =>
  needsAddress ? 'it will be refunded once a refund address is given' : 'it is being refunded';

export const IssueReasons = {
  belowMinimum: (deposit: bigint, min: bigint, code: CurrencyCode, needsAddress: boolean): string =>
    `The deposit of ${amount(deposit, code)} is below the minimum of ${amount(min, code)} for this pair; ${refundHint(needsAddress)}`,
  noLiquidity: (needsAddress: boolean): string =>
    `The service cannot pay out this amount right now; ${refundHint(needsAddress)}`,
  mismatch: (deposit: bigint, ordered: bigint, code: CurrencyCode): string =>
    `The deposit of ${amount(deposit, code)} differs from the ordered ${amount(ordered, code)} by more than 0.5 %; ` +
    'choose EXCHANGE at the new rate or REFUND',
  refundChosen: (): string => 'A refund was chosen; the deposit minus the 1 % refund fee is being returned',
  refundByOperator: (): string => 'The service operators are refunding the deposit minus the 1 % refund fee',
  payoutFailed: (why: string): string => `${PAYOUT_FAILED} (${why}); ${REVIEW}`,
  refundFailed: (why: string): string => `${REFUND_FAILED} (${why}); ${REVIEW}`,
  depositReverted: (): string => `${DEPOSIT_REVERTED}; ${REVIEW}`,
  depositRevertedInFlight: (): string => `${DEPOSIT_REVERTED} ${WHILE_UNDER_WAY}; ${REVIEW}`,
  /**
   * The payout or refund under way when the deposit vanished failed too. The deposit's loss stays
   * the reason (DEPOSIT_REVERTED): a retried payout or a fresh refund would send money the
   * service no longer holds, so operators decide by hand.
   */
  depositRevertedThenFailed: (what: 'payout' | 'refund', why: string): string =>
    `${DEPOSIT_REVERTED}, and the ${what} under way then failed (${why}); ${REVIEW}`,
} as const;

/** Why a deposit goes back (DepositReturn.reason), in the same words for support. */
export const ReturnReasons = {
  swapEnded: (status: Swap['status']): string =>
    `The deposit confirmed after the swap ended (${status}); it goes back minus the 1 % refund fee`,
  swapRefunding: (): string =>
    'The deposit confirmed while the swap was being refunded; it goes back minus the 1 % refund fee',
  swapUnderReview: (): string =>
    'The deposit confirmed while the swap was under review; it goes back minus the 1 % refund fee',
  fixedRate: (): string =>
    'A fixed-rate quote covers one amount and the swap was already credited; the further deposit goes back minus the 1 % refund fee',
  belowMinimum: (deposit: bigint, min: bigint, code: CurrencyCode): string =>
    `The further deposit of ${amount(deposit, code)} is below the minimum of ${amount(min, code)} for this pair; it goes back minus the 1 % refund fee`,
  noLiquidity: (): string =>
    'The service cannot pay out the further deposit right now; it goes back minus the 1 % refund fee',
  payoutFailed: (why: string): string =>
    `The further deposit's payout could not be completed (${why}); it goes back minus the 1 % refund fee`,
  byOperator: (): string => 'The service operators are sending the deposit back minus the 1 % refund fee',
  tooSmall: (): string => 'The deposit is smaller than the 1 % refund fee; nothing can be sent back',
  failed: (why: string): string =>
    `The return could not be completed (${why}); the service operators are reviewing it`,
} as const;

export type FailureCause =
  'PAYOUT_FAILED' | 'REFUND_FAILED' | 'DEPOSIT_REVERTED' | 'DEPOSIT_REVERTED_IN_FLIGHT';

/** Why a FAILED swap is under review; null for any other status. */
export function failureCause(swap: Swap): FailureCause | null {
  const reason = swap.issue.reason;
  if (swap.status !== 'FAILED' || reason === null) return null;
  if (reason.startsWith(PAYOUT_FAILED)) return 'PAYOUT_FAILED';
  if (reason.startsWith(REFUND_FAILED)) return 'REFUND_FAILED';
  if (reason.startsWith(`${DEPOSIT_REVERTED} ${WHILE_UNDER_WAY}`)) return 'DEPOSIT_REVERTED_IN_FLIGHT';
  if (reason.startsWith(DEPOSIT_REVERTED)) return 'DEPOSIT_REVERTED';
  return null;
}
