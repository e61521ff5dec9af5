/**
 * "Also happens" column of the transition table. Each step edits a private copy of the swap (the
 * machine sets status and time.update afterwards) and returns the effects for the caller.
 */
import { CURRENCIES, CurrencyCode, refundAmount, ChainTx, IssueType, Swap } from '@swap/domain';
import { chainTx, countUpTo } from './chain-tx';
import { ExchangeTerms, planCrediting, termsAt } from './crediting-plan';
import { fakeHash } from './dryrun';
import { refundRequested } from './swap.guards';
import { IssueReasons } from './issue-reasons';
import { requestWaitingReturns } from './later.steps';
import { EventOf, SwapEffect } from './machine.types';

export type Step<E> = (draft: Swap, event: E) => SwapEffect[] | void;

/** A later count never lowers what was recorded, and stops at the currency's threshold. */
const confirmationsUpTo = (code: CurrencyCode, tx: ChainTx, reported: number | undefined): number =>
  countUpTo(CURRENCIES[code].reqConfirmations, tx.confirmations, reported);

const requestPayout = (swap: Swap): SwapEffect => ({
  kind: 'RequestPayout',
  amount: swap.amountTo,
  address: swap.toAddress,
});

/** Refunds go out only to a known address; without one the swap waits with needsRefundAddress. */
const requestRefundIfAddressKnown = (swap: Swap): SwapEffect[] =>
  swap.refundAddress === null
    ? []
    : [
        {
          kind: 'RequestRefund',
          amount: refundAmount(swap.amountDeposited, swap.from),
          address: swap.refundAddress,
        },
      ];

function applyTerms(draft: Swap, terms: ExchangeTerms): SwapEffect[] {
  draft.amountTo = terms.amountTo;
  draft.feeAmount = terms.feeAmount;
  draft.slippage = terms.slippage;
  draft.rateActual = terms.rate;
  draft.proposed = null;
  return [requestPayout(draft)];
}

// --- deposit ---------------------------------------------------------------------------------

export const recordDeposit: Step<EventOf<'DepositSeen'>> = (draft, event) => {
  draft.depositTx = chainTx(event.tx, event.amount, event.now);
  draft.time.start = event.now;
  return [{ kind: 'CancelExpiryTimer' }];
};

export const countConfirmations: Step<EventOf<'DepositConfirmations'>> = (draft, event) => {
  if (draft.depositTx) draft.depositTx.confirmations = event.confirmations;
};

export const forgetDeposit: Step<EventOf<'DepositReverted'>> = (draft) => {
  draft.depositTx = null;
  draft.time.start = null;
  return [{ kind: 'ScheduleExpiryTimer', at: draft.time.expiration }];
};

/** Marks the tracked deposit credited; returns CancelExpiryTimer when its 0-conf sighting was missed. */
function credit(draft: Swap, event: EventOf<'DepositCredited'>): SwapEffect[] {
  const required = CURRENCIES[draft.from].reqConfirmations;
  // The deposit seen first may have given way to another (a fee bump): the credited one is shown.
  const seen =
    draft.depositTx?.id === event.txid ? draft.depositTx : chainTx(event.txid, event.amount, event.now);
  draft.depositTx = {
    ...seen,
    amount: event.amount,
    confirmations: Math.max(seen.confirmations, required),
    timeBlock: event.now,
  };
  draft.amountDeposited = event.amount;
  if (draft.time.start !== null) return [];
  draft.time.start = event.now;
  return [{ kind: 'CancelExpiryTimer' }];
}

/** An automatic refund: decided (choice REFUND) once it can go out, else waiting for an address. */
function startRefund(draft: Swap, type: IssueType, reason: (needsAddress: boolean) => string): SwapEffect[] {
  const needsAddress = draft.refundAddress === null;
  draft.issue = {
    type,
    reason: reason(needsAddress),
    needsRefundAddress: needsAddress,
    choice: needsAddress ? 'NONE' : 'REFUND',
  };
  draft.proposed = null;
  return requestRefundIfAddressKnown(draft);
}

export const creditAndRefund =
  (type: 'BELOW_MINIMUM' | 'NO_LIQUIDITY'): Step<EventOf<'DepositCredited'>> =>
  (draft, event) => [
    ...credit(draft, event),
    ...startRefund(draft, type, (needsAddress) =>
      type === 'BELOW_MINIMUM'
        ? IssueReasons.belowMinimum(event.amount, event.market.pairMin, draft.from, needsAddress)
        : IssueReasons.noLiquidity(needsAddress),
    ),
  ];

export const creditAndPropose: Step<EventOf<'DepositCredited'>> = (draft, event) => {
  const plan = planCrediting(draft, event.amount, event.market);
  if (plan.outcome !== 'RATE_CHANGED')
    throw new Error(`crediting plan ${plan.outcome} under a RATE_CHANGED row`);
  const effects = credit(draft, event);
  draft.issue = {
    type: plan.issue,
    reason: IssueReasons.mismatch(event.amount, draft.amountFrom, draft.from),
    needsRefundAddress: false,
    choice: 'NONE',
  };
  draft.proposed = plan.proposed;
  return effects;
};

export const creditAndPay: Step<EventOf<'DepositCredited'>> = (draft, event) => {
  const plan = planCrediting(draft, event.amount, event.market);
  if (plan.outcome !== 'EXCHANGING')
    throw new Error(`crediting plan ${plan.outcome} under an EXCHANGING row`);
  return [...credit(draft, event), ...applyTerms(draft, plan.terms)];
};

export const depositVanished: Step<EventOf<'DepositReverted'>> = (draft) => {
  const underWay =
    draft.status === 'EXCHANGING' ||
    draft.status === 'SENDING' ||
    (draft.status === 'REFUNDING' && refundRequested(draft));
  draft.issue.reason = underWay ? IssueReasons.depositRevertedInFlight() : IssueReasons.depositReverted();
};

// --- decisions (section 4.6) -----------------------------------------------------------------

export const exchangeAtProposedRate: Step<EventOf<'DecisionMade'>> = (draft, event) => {
  const terms = termsAt(draft, draft.amountDeposited, draft.proposed?.rate ?? event.market.rate);
  draft.issue = { ...draft.issue, reason: null, choice: 'EXCHANGE' };
  return applyTerms(draft, terms);
};

export const refundForLackOfLiquidity: Step<EventOf<'DecisionMade'>> = (draft) =>
  startRefund(draft, 'NO_LIQUIDITY', IssueReasons.noLiquidity);

export const refundChosen: Step<{ address?: string }> = (draft, event) => {
  draft.refundAddress = draft.refundAddress ?? event.address ?? null;
  draft.issue = {
    ...draft.issue,
    reason: IssueReasons.refundChosen(),
    needsRefundAddress: false,
    choice: 'REFUND',
  };
  draft.proposed = null;
  return [...requestRefundIfAddressKnown(draft), ...requestWaitingReturns(draft)];
};

// --- payout and refund -----------------------------------------------------------------------

export const recordPayout: Step<EventOf<'PayoutBroadcast'>> = (draft, event) => {
  draft.payoutTx = chainTx(event.tx, draft.amountTo, event.now, {
    fee: event.fee ?? null,
    feeCurrency: event.feeCurrency ?? null,
    txKey: event.txKey ?? null,
  });
};

/** The swap's own payout landed while a further payout is still under way: the swap stays SENDING. */
export const ownPayoutLanded: Step<EventOf<'PayoutConfirmed'>> = (draft, event) => {
  const sent = draft.payoutTx ?? chainTx(event.tx, draft.amountTo, event.now);
  draft.payoutTx = {
    ...sent,
    id: event.tx,
    confirmations: Math.max(1, confirmationsUpTo(draft.to, sent, event.confirmations ?? 1)),
    fee: event.fee ?? sent.fee,
  };
  draft.rateActual = draft.rateActual ?? draft.rate;
};

export const payoutLanded: Step<EventOf<'PayoutConfirmed'>> = (draft, event) => {
  ownPayoutLanded(draft, event);
  draft.time.finish = event.now;
  // issue.reason explains RATE_CHANGED, REFUNDING and FAILED; an ended swap has none left to give.
  draft.issue.reason = null;
};

/** After DONE only the payout's confirmation count moves, up to the coin's threshold. */
export const countPayoutConfirmations: Step<EventOf<'PayoutConfirmed'>> = (draft, event) => {
  if (!draft.payoutTx) return;
  draft.payoutTx.confirmations = confirmationsUpTo(draft.to, draft.payoutTx, event.confirmations);
  draft.payoutTx.fee = event.fee ?? draft.payoutTx.fee;
};

export const payoutFailed: Step<EventOf<'PayoutFailed'>> = (draft, event) => {
  draft.issue.reason = IssueReasons.payoutFailed(event.reason);
};

/** FAILED for the vanished deposit, its payout now failed too: the deposit stays the reason. */
export const payoutFailedAfterRevert: Step<EventOf<'PayoutFailed'>> = (draft, event) => {
  draft.issue.reason = IssueReasons.depositRevertedThenFailed('payout', event.reason);
};

export const refundLanded: Step<EventOf<'RefundSent'>> = (draft, event) => {
  draft.refundTx = chainTx(event.tx, refundAmount(draft.amountDeposited, draft.from), event.now, {
    fee: event.fee ?? null,
    feeCurrency: event.feeCurrency ?? null,
    confirmations: event.confirmations ?? 0,
  });
  draft.time.finish = event.now;
  draft.issue.reason = null;
};

/** The refund's transaction expired unlanded and was signed again: refund.tx is the new one. */
export const refundReplaced: Step<EventOf<'RefundSent'>> = (draft, event) => {
  const amount = refundAmount(draft.amountDeposited, draft.from);
  draft.refundTx = chainTx(event.tx, amount, draft.refundTx?.timeReg ?? event.now, {
    fee: event.fee ?? null,
    feeCurrency: event.feeCurrency ?? null,
    confirmations: event.confirmations ?? 0,
  });
};

export const countRefundConfirmations: Step<EventOf<'RefundSent'>> = (draft, event) => {
  if (draft.refundTx)
    draft.refundTx.confirmations = confirmationsUpTo(draft.from, draft.refundTx, event.confirmations);
};

export const refundFailed: Step<EventOf<'RefundFailed'>> = (draft, event) => {
  draft.issue.reason = IssueReasons.refundFailed(event.reason);
};

/** FAILED for the vanished deposit, its refund now failed too: the deposit stays the reason. */
export const refundFailedAfterRevert: Step<EventOf<'RefundFailed'>> = (draft, event) => {
  draft.issue.reason = IssueReasons.depositRevertedThenFailed('refund', event.reason);
};

// --- operators (D4) --------------------------------------------------------------------------

export const retryPayout: Step<EventOf<'OperatorRetryPayout'>> = (draft) => {
  draft.issue.reason = null;
  draft.payoutTx = null;
  return [requestPayout(draft)];
};

export const refundByOperator: Step<EventOf<'OperatorRefund'>> = (draft, event) => {
  // Operators may set or correct the address; the API may not (section 4.6).
  draft.refundAddress = event.address ?? draft.refundAddress;
  draft.issue = {
    ...draft.issue,
    reason: IssueReasons.refundByOperator(),
    needsRefundAddress: false,
    choice: 'REFUND',
  };
  return [...requestRefundIfAddressKnown(draft), ...requestWaitingReturns(draft)];
};

// --- dry-run (section 3, rule 5) -------------------------------------------------------------

export const simulateDeposit: Step<EventOf<'DryRunAdvanced'>> = (draft, event) => {
  draft.depositTx = chainTx(fakeHash(draft.id, 'deposit'), draft.amountFrom, event.now);
  draft.time.start = event.now;
};

export const simulateFirstConfirmation: Step<EventOf<'DryRunAdvanced'>> = (draft) => {
  if (draft.depositTx) draft.depositTx.confirmations = 1;
};

export const simulateCrediting: Step<EventOf<'DryRunAdvanced'>> = (draft, event) => {
  if (draft.depositTx) {
    draft.depositTx.confirmations = CURRENCIES[draft.from].reqConfirmations;
    draft.depositTx.timeBlock = event.now;
  }
  draft.amountDeposited = draft.amountFrom;
  draft.slippage = '0';
  draft.rateActual = draft.rate;
};

export const simulatePayoutLanded: Step<EventOf<'DryRunAdvanced'>> = (draft, event) => {
  const txKey = CURRENCIES[draft.to].network === 'XMR' ? fakeHash(draft.id, 'txkey') : null;
  draft.payoutTx = chainTx(fakeHash(draft.id, 'payout'), draft.amountTo, event.now, {
    confirmations: 1,
    txKey,
  });
  draft.rateActual = draft.rate;
  draft.time.finish = event.now;
};
