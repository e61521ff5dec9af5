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
