/** Conditions of the transition table, named as the interface document words them. */
import { Swap } from '@swap/domain';
import { CreditingPlan, exceedsLiquidity, planCrediting, termsAt } from './crediting-plan';
import { failureCause } from './issue-reasons';
import { EventOf } from './machine.types';

type Credited = EventOf<'DepositCredited'>;
type Decision = EventOf<'DecisionMade'>;

export const isTrackedDeposit = (swap: Swap, txid: string): boolean => swap.depositTx?.id === txid;

/**
 * The credited event is about the deposit the swap tracks (or the first one, if its 0-conf
 * sighting was missed), or about one of the credited deposits when the tracked one is not among
 * them (replaced by a fee bump before it was reported gone).
 */
export const creditsTrackedDeposit = (swap: Swap, event: Credited): boolean =>
  swap.depositTx === null ||
  isTrackedDeposit(swap, event.txid) ||
  (event.txids !== undefined && event.txids.includes(event.txid) && !event.txids.includes(swap.depositTx.id));

export const creditingLeadsTo =
  (outcome: CreditingPlan['outcome']) =>
  (swap: Swap, event: Credited): boolean =>
    creditsTrackedDeposit(swap, event) && planCrediting(swap, event.amount, event.market).outcome === outcome;

export const windowStillOpen = (swap: Swap, now: number): boolean => now < swap.time.expiration;

/** A refund has been handed to the treasury (automatic or chosen) and not yet resolved. */
export function refundRequested(swap: Swap): boolean {
  if (swap.issue.choice === 'REFUND') return true;
  const automatic = swap.issue.type === 'BELOW_MINIMUM' || swap.issue.type === 'NO_LIQUIDITY';
  return automatic && !swap.issue.needsRefundAddress && swap.refundAddress !== null;
}

/** A payout has been handed to the treasury: the swap was credited for exchange (rateActual holds the applied rate). */
export const payoutRequested = (swap: Swap): boolean => swap.rateActual !== null && !refundRequested(swap);

export const payoutUnderWay = (swap: Swap): boolean =>
  failureCause(swap) === 'DEPOSIT_REVERTED_IN_FLIGHT' && payoutRequested(swap);
export const refundUnderWay = (swap: Swap): boolean =>
  failureCause(swap) === 'DEPOSIT_REVERTED_IN_FLIGHT' && refundRequested(swap);

export const choiceIs =
  (choice: Decision['choice']) =>
  (_swap: Swap, event: { choice: Decision['choice'] }): boolean =>
    event.choice === choice;

export const exchangeExceedsLiquidity = (swap: Swap, event: Decision): boolean =>
  event.choice === 'EXCHANGE' &&
  exceedsLiquidity(
    termsAt(swap, swap.amountDeposited, swap.proposed?.rate ?? event.market.rate).amountTo,
    event.market.payoutAvailable,
  );

/** An address is given that differs from the one already set: the API never changes it. */
export const changesRefundAddress = (swap: Swap, event: { address?: string }): boolean =>
  event.address !== undefined && swap.refundAddress !== null && event.address !== swap.refundAddress;

export const noRefundAddress = (swap: Swap, event: { address?: string }): boolean =>
  event.address === undefined && swap.refundAddress === null;
