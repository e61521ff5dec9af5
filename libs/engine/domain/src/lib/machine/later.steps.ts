/**
 * "Also happens" steps for deposits that confirm after the swap's own credit (rule 1), their own
 * payouts, and the returns of deposits the swap does not take.
 */
import { CURRENCIES, refundAmount, DepositReturn, LaterDeposit, Swap } from '@swap/domain';
import { chainTx, countUpTo } from './chain-tx';
import { ReturnReasons } from './issue-reasons';
import { laterDeposit, planLater, returnOf } from './later-deposits';
import { EventOf, SwapEffect } from './machine.types';
import type { Step } from './swap.steps';

const requestReturn = (ret: DepositReturn): SwapEffect[] =>
  ret.state === 'REQUESTED' && ret.address !== null
    ? [
        {
          kind: 'RequestReturn',
          id: ret.id,
          deposit: ret.deposit,
          deposited: ret.deposited,
          amount: ret.amount,
          address: ret.address,
        },
      ]
    : [];

/**
 * The deposit goes back, less the refund fee: to `address`, else the swap's refund address; without
 * either it waits for one. A deposit smaller than the fee cannot go back; its return says why.
 */
function startReturn(
  draft: Swap,
  deposit: { id: string; tx: string; amount: bigint },
  reason: string,
  now: number,
  address: string | null = draft.refundAddress,
): SwapEffect[] {
  const amount = refundAmount(deposit.amount, draft.from);
  const ret: DepositReturn = {
    id: `${draft.id}-return-${draft.returns.length + 1}`,
    deposit: deposit.id,
    depositTx: deposit.tx,
    deposited: deposit.amount,
    amount: amount > 0n ? amount : 0n,
    address,
    state: amount <= 0n ? 'FAILED' : address === null ? 'WAITING' : 'REQUESTED',
    tx: null,
    reason: amount <= 0n ? ReturnReasons.tooSmall() : reason,
    requestedAt: now,
  };
  draft.returns.push(ret);
  return requestReturn(ret);
}

/** Returns waiting for an address go out to the swap's refund address, now that it is known. */
export function requestWaitingReturns(draft: Swap): SwapEffect[] {
  if (draft.refundAddress === null) return [];
  return draft.returns
    .filter((ret) => ret.state === 'WAITING')
    .flatMap((ret) => {
      ret.address = draft.refundAddress;
      ret.state = 'REQUESTED';
      return requestReturn(ret);
    });
}

/** Records a deposit the swap handles after its own credit (or an operator returns). */
function addLater(
  draft: Swap,
  event: Pick<EventOf<'LaterDepositCredited'>, 'deposit' | 'txid' | 'amount' | 'now'>,
  later: Partial<LaterDeposit>,
): void {
  draft.later.push({
    id: event.deposit,
    tx: event.txid,
    amount: event.amount,
    time: event.now,
    handling: 'RETURNED',
    payout: null,
    ...later,
  });
}

// --- a deposit after the swap's own credit ----------------------------------------------------

/** Added to the deposit the swap's decision or refund applies to. */
export const joinLater: Step<EventOf<'LaterDepositCredited'>> = (draft, event) => {
  addLater(draft, event, { handling: 'JOINED' });
  draft.amountDeposited += event.amount;
  if (draft.depositTx) draft.depositTx.amount = draft.amountDeposited;
};

/** The deposit as a crediting of everything the swap now holds (RATE_CHANGED: the decision covers it all). */
export const asCrediting = (
  swap: Swap,
  event: EventOf<'LaterDepositCredited'>,
): EventOf<'DepositCredited'> => {
  if (!event.market) throw new Error('a deposit joining a RATE_CHANGED swap needs the market');
  return {
    kind: 'DepositCredited',
    now: event.now,
    txid: swap.depositTx?.id ?? event.txid,
    amount: swap.amountDeposited + event.amount,
    market: event.market,
  };
};

/** RATE_CHANGED: the deposit joins, and the swap is credited again with the sum, as at first. */
export const joinAndCredit =
  (credit: Step<EventOf<'DepositCredited'>>): Step<EventOf<'LaterDepositCredited'>> =>
  (draft, event) => {
    const crediting = asCrediting(draft, event);
    addLater(draft, event, { handling: 'JOINED' });
    return credit(draft, crediting) ?? [];
  };

/** Paid on its own (EXCHANGING, SENDING) or returned, as planLater decides. */
export const payOrReturnLater: Step<EventOf<'LaterDepositCredited'>> = (draft, event) => {
  const plan = planLater(draft, event);
  if (plan.handling === 'RETURNED') {
    addLater(draft, event, { handling: 'RETURNED' });
    return startReturn(
      draft,
      { id: event.deposit, tx: event.txid, amount: event.amount },
      plan.reason,
      event.now,
    );
  }
  const { terms } = plan;
  const id = `${draft.id}-further-${draft.later.filter((later) => later.payout !== null).length + 1}`;
  addLater(draft, event, {
    handling: 'PAID',
    payout: {
      id,
      rate: terms.rate,
      amountTo: terms.amountTo,
      feeAmount: terms.feeAmount,
      state: 'REQUESTED',
      tx: null,
    },
  });
  return [{ kind: 'RequestPayout', amount: terms.amountTo, address: draft.toAddress, payoutId: id }];
};

/** A waiting return of a deposit that left the chain is forgotten: if mined again, it is handled afresh. */
export const forgetWaitingReturn: Step<EventOf<'DepositReverted'>> = (draft, event) => {
  draft.returns = draft.returns.filter((ret) => !(ret.deposit === event.deposit && ret.state === 'WAITING'));
  draft.later = draft.later.filter((later) => later.id !== event.deposit);
};

// --- further payouts --------------------------------------------------------------------------

export const furtherPayoutSent: Step<EventOf<'FurtherPayoutBroadcast'>> = (draft, event) => {
  const payout = laterDeposit(draft, event.deposit)?.payout;
  if (!payout || payout.state === 'DONE' || payout.state === 'FAILED') return;
  if (payout.tx?.id === event.tx) return;
  payout.state = 'SENT';
  payout.tx = chainTx(event.tx, payout.amountTo, event.now, {
    fee: event.fee ?? null,
    feeCurrency: event.feeCurrency ?? null,
    txKey: event.txKey ?? null,
  });
};

export const furtherPayoutLanded: Step<EventOf<'FurtherPayoutConfirmed'>> = (draft, event) => {
  const payout = laterDeposit(draft, event.deposit)?.payout;
  if (!payout || payout.state === 'FAILED') return;
  const required = CURRENCIES[draft.to].reqConfirmations;
  const sent = payout.tx ?? chainTx(event.tx, payout.amountTo, event.now);
  payout.state = 'DONE';
  payout.tx = {
    ...sent,
    id: event.tx,
    confirmations: Math.max(1, countUpTo(required, sent.confirmations, event.confirmations ?? 1)),
    fee: event.fee ?? sent.fee,
  };
};

/** The further payout cannot be made: its deposit goes back instead. */
export const furtherPayoutFailed: Step<EventOf<'FurtherPayoutFailed'>> = (draft, event) => {
  const later = laterDeposit(draft, event.deposit);
  if (!later?.payout || later.payout.state === 'DONE' || later.payout.state === 'FAILED') return;
  later.payout.state = 'FAILED';
  later.handling = 'RETURNED';
  return startReturn(draft, later, ReturnReasons.payoutFailed(event.reason), event.now);
};

/** The last payout ended: the swap is DONE. */
export const finish =
  <E extends { now: number }>(step: Step<E>): Step<E> =>
  (draft, event) => {
    const effects = step(draft, event) ?? [];
    draft.time.finish = event.now;
    draft.issue.reason = null;
    return effects;
  };

// --- returns ----------------------------------------------------------------------------------

export const returnProgressed: Step<EventOf<'ReturnProgressed'>> = (draft, event) => {
  const ret = returnOf(draft, event.returnId);
  if (!ret || ret.state === 'CONFIRMED' || ret.state === 'FAILED' || ret.state === 'WAITING') return;
  if (event.state === 'failed') {
    ret.state = 'FAILED';
    ret.reason = ReturnReasons.failed(event.reason ?? 'the transaction failed');
    return;
  }
  const required = CURRENCIES[draft.from].reqConfirmations;
  const replaced = ret.tx !== null && event.tx !== null && ret.tx.id !== event.tx;
  const base = ret.tx === null || replaced ? chainTx(event.tx ?? '', ret.amount, event.now) : ret.tx;
  ret.tx = {
    ...base,
    fee: event.fee ?? base.fee,
    feeCurrency: event.feeCurrency ?? base.feeCurrency,
    confirmations: countUpTo(required, replaced ? 0 : base.confirmations, event.confirmations),
  };
  ret.state = event.state === 'confirmed' ? 'CONFIRMED' : 'SENT';
};

/**
 * An operator sends the deposit back: a return waiting for an address goes to the one given,
 * otherwise a new return (the first, or after a failed one).
 */
export const returnByOperator: Step<EventOf<'OperatorReturnDeposit'>> = (draft, event) => {
  const address = event.address ?? draft.refundAddress;
  if (!laterDeposit(draft, event.deposit)) addLater(draft, event, { handling: 'RETURNED' });
  const waiting = draft.returns.find((ret) => ret.deposit === event.deposit && ret.state === 'WAITING');
  if (waiting) {
    waiting.address = address;
    waiting.state = 'REQUESTED';
    return requestReturn(waiting);
  }
  const deposit = { id: event.deposit, tx: event.txid, amount: event.amount };
  return startReturn(draft, deposit, ReturnReasons.byOperator(), event.now, address);
};

/** EXPIRED: the refund address given with REFUND, for the deposits waiting to go back. */
export const refundAddressForReturns: Step<EventOf<'DecisionMade'>> = (draft, event) => {
  draft.refundAddress = event.address ?? draft.refundAddress;
  return requestWaitingReturns(draft);
};
