export * from './machine.types';
export * from './swap.machine';
export { SWAP_TRANSITIONS, findTransition } from './swap.transitions';
export type { AnyTransition, Transition, TransitionTarget } from './swap.transitions';
export { failureCause } from './issue-reasons';
export type { FailureCause } from './issue-reasons';
export {
  furtherPayoutOutstanding,
  laterDeposit,
  laterDepositPaidBy,
  latestReturn,
  ownPayoutLanded,
  returnOf,
} from './later-deposits';
export { ReturnReasons } from './issue-reasons';
export type { EventBuilder, MarketNow } from './inputs/report-events';
export { creditOf, mayCredit } from './inputs/deposit-credit';
export type { Credit, DepositReport, LoggedDeposit } from './inputs/deposit-credit';
export { depositReportEvents } from './inputs/deposit-report.events';
export type { DepositMoment } from './inputs/deposit-report.events';
export { payoutReportEvents } from './inputs/payout-report.events';
export type { PayoutReport } from './inputs/payout-report.events';
export { refundReportEvents } from './inputs/refund-report.events';
export type { RefundReport } from './inputs/refund-report.events';
