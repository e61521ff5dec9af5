import { AWAITING_CREDIT, EXCHANGED, type SwapOrderView, type SwapStatus } from '@swap/domain';

export type StepState = 'done' | 'current' | 'todo';

export interface StatusStep {
  status: SwapStatus;
  label: string;
  state: StepState;
}

/** The states of section 3 in the user's words. */
const LABELS: Record<SwapStatus, string> = {
  NEW: 'Waiting for your deposit',
  PENDING: 'Deposit seen',
  CONFIRMING: 'Confirming',
  RATE_CHANGED: 'Amount differs: a decision is needed',
  EXCHANGING: 'Exchanging',
  SENDING: 'Sending to you',
  DONE: 'Done',
  EXPIRED: 'Expired',
  REFUNDING: 'Refunding',
  REFUNDED: 'Refunded',
  FAILED: 'Under review',
};

/** Section 3's deposit steps and payout steps. */
const DEPOSIT = AWAITING_CREDIT;
const PAYOUT = EXCHANGED;

/** Section 3's path through which a swap in `status` goes: the happy path, or the branch it took. */
const PATHS: Record<SwapStatus, SwapStatus[]> = {
  NEW: [...DEPOSIT, ...PAYOUT],
  PENDING: [...DEPOSIT, ...PAYOUT],
  CONFIRMING: [...DEPOSIT, ...PAYOUT],
  EXCHANGING: [...DEPOSIT, ...PAYOUT],
  SENDING: [...DEPOSIT, ...PAYOUT],
  DONE: [...DEPOSIT, ...PAYOUT],
  RATE_CHANGED: [...DEPOSIT, 'RATE_CHANGED', ...PAYOUT],
  REFUNDING: [...DEPOSIT, 'REFUNDING', 'REFUNDED'],
  REFUNDED: [...DEPOSIT, 'REFUNDING', 'REFUNDED'],
  EXPIRED: ['NEW', 'EXPIRED'],
  FAILED: [...DEPOSIT, 'FAILED'],
};

/**
 * The steps of the swap's path, those before its status done and its status current; a swap that
 * ended (DONE, REFUNDED, EXPIRED) has its last step current, as the one it rests in. A decision
 * taken after RATE_CHANGED keeps that step in the path, as what happened.
 */
export function swapSteps(order: SwapOrderView): StatusStep[] {
  const path =
    order.issue.type === 'LESS' || order.issue.type === 'MORE'
      ? withRateChanged(PATHS[order.status])
      : PATHS[order.status];
  const at = path.indexOf(order.status);
  return path.map((status, i) => {
    const state: StepState = i < at ? 'done' : i === at ? 'current' : 'todo';
    return { status, label: label(order, status, state), state };
  });
}

function withRateChanged(path: SwapStatus[]): SwapStatus[] {
  if (path.includes('RATE_CHANGED')) return path;
  const after = path.indexOf('CONFIRMING') + 1;
  return [...path.slice(0, after), 'RATE_CHANGED', ...path.slice(after)];
}

/** A step behind the swap says what happened; the current confirming step counts. */
function label(order: SwapOrderView, status: SwapStatus, state: StepState): string {
  if (state === 'done' && status === 'CONFIRMING') return 'Confirmed';
  if (state === 'done' && status === 'RATE_CHANGED') return 'Amount differed from the order';
  if (state === 'current' && status === 'CONFIRMING' && order.from.tx) {
    const required = order.from.reqConfirmations;
    return `Confirming: ${Math.min(order.from.tx.confirmations, required)} of ${required}`;
  }
  return LABELS[status];
}
