import { CURRENCIES, fromUnits, type CurrencyCode } from '@swap/domain';
import type { TransferKind } from '../lifecycle/transfer.events';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The most of one currency that may leave the hot wallet, in base units. */
export interface OutflowLimits {
  perTransfer: bigint;
  /** Over any rolling hour, and any rolling 24 hours. */
  perHour: bigint;
  perDay: bigint;
}

export type PayoutLimits = Readonly<Record<CurrencyCode, OutflowLimits>>;

/**
 * What leaves the hot wallet: payouts, refunds and gas top-ups. Sweeps come into it; Tron's lent
 * energy (delegate, undelegate) moves no coins.
 */
export const SCREENED_KINDS: readonly TransferKind[] = ['payout', 'refund', 'gas'];

/** What was cleared to leave (and has not failed) in the rolling windows ending now, base units. */
export interface Outflow {
  lastHour: bigint;
  lastDay: bigint;
}

/** Where the rolling windows ending at `now` (ms) begin: a transfer cleared after that counts. */
export const windowsEndingAt = (now: number) => ({ hour: now - HOUR_MS, day: now - DAY_MS });

export type Screening = { cleared: true } | { cleared: false; reason: string };

const coins = (units: bigint, code: CurrencyCode) => {
  const text = fromUnits(units, CURRENCIES[code].chainDecimals);
  return `${text.includes('.') ? text.replace(/\.?0+$/, '') : text} ${code}`;
};

/** Whether `amount` may leave now, given what left in the windows; if not, which limit it is above. */
export function screen(
  code: CurrencyCode,
  amount: bigint,
  limits: OutflowLimits,
  outflow: Outflow,
): Screening {
  if (amount > limits.perTransfer)
    return held(
      `${coins(amount, code)} is above the limit per transfer (${coins(limits.perTransfer, code)})`,
    );
  const windows: Array<[bigint, bigint, string]> = [
    [outflow.lastHour, limits.perHour, 'hour'],
    [outflow.lastDay, limits.perDay, '24 hours'],
  ];
  for (const [spent, limit, window] of windows)
    if (spent + amount > limit)
      return held(
        `with it ${coins(spent + amount, code)} would leave in the last ${window}, above the limit (${coins(limit, code)})`,
      );
  return { cleared: true };
}

/**
 * Screens transfers of one currency in their order: each one cleared counts against the windows
 * of those after it, so a batch can never clear more together than one by one.
 */
export function screenInTurn<T extends { amount: bigint }>(
  code: CurrencyCode,
  candidates: readonly T[],
  limits: OutflowLimits,
  outflow: Outflow,
): Array<{ candidate: T; screening: Screening }> {
  let spent = outflow;
  return candidates.map((candidate) => {
    const screening = screen(code, candidate.amount, limits, spent);
    if (screening.cleared)
      spent = { lastHour: spent.lastHour + candidate.amount, lastDay: spent.lastDay + candidate.amount };
    return { candidate, screening };
  });
}

const held = (reason: string): Screening => ({ cleared: false, reason });
