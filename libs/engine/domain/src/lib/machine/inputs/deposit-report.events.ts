import { AWAITING_CREDIT, Swap, SwapStatus } from '@swap/domain';
import { Credit, DepositReport, requiredConfirmations } from './deposit-credit';
import { EventBuilder, MarketNow } from './report-events';

/** Where a later deposit may be exchanged (joined to a decision, or paid on its own): the market is asked. */
const EXCHANGES_LATER: readonly SwapStatus[] = ['RATE_CHANGED', 'EXCHANGING', 'SENDING'];

export interface DepositMoment {
  /** What the swap is credited with if this report credits it (`creditOf`). */
  credit: Credit | null;
  /** UNIX seconds. */
  now: number;
  market: MarketNow;
}

/**
 * The events a watcher's report of a deposit brings. A deposit that vanished is reported as such;
 * until the swap's own credit the report moves the swap towards it, and after it each deposit that
 * reaches its confirmations is handled on its own.
 */
export function depositReportEvents(
  swap: Swap,
  report: DepositReport,
  moment: DepositMoment,
): EventBuilder[] {
  const { now } = moment;
  if (report.reverted)
    return [
      () => ({
        kind: 'DepositReverted',
        now,
        txid: report.txid,
        credited: report.credited,
        deposit: report.depositId,
      }),
    ];
  return AWAITING_CREDIT.includes(swap.status)
    ? ownDepositEvents(report, moment)
    : laterDepositEvents(swap, report, moment);
}

/**
 * Mempool: seen. Some confirmations: seen, then counted. Required confirmations: credited at the
 * market of this moment (never a stale price: crediting throws, and the report comes back) with
 * everything `credit` adds up, or only counted while another deposit is still confirming.
 */
function ownDepositEvents(report: DepositReport, { credit, now, market }: DepositMoment): EventBuilder[] {
  const seen: EventBuilder = () => ({ kind: 'DepositSeen', now, tx: report.txid, amount: report.amount });
  const required = requiredConfirmations(report);
  if (report.confirmations === 0) return [seen];
  const seenIfNew: EventBuilder = (swap) => (swap.status === 'NEW' ? seen(swap) : null);
  const counted: EventBuilder[] = [
    seenIfNew,
    () => ({
      kind: 'DepositConfirmations',
      now,
      txid: report.txid,
      confirmations: Math.min(report.confirmations, required),
    }),
  ];
  if (report.confirmations < required || credit === null) return counted;
  // The crediting report may be the first the swap hears of its deposit (the mempool sighting
  // missed), or reach the requirement with the first confirmation (BTC, SOL): the swap still
  // passes through PENDING and CONFIRMING, as section 3 has it, each change its own event.
  return [
    seenIfNew,
    (swap) =>
      swap.status === 'PENDING' && swap.depositTx
        ? { kind: 'DepositConfirmations', now, txid: swap.depositTx.id, confirmations: required }
        : null,
    (swap) =>
      AWAITING_CREDIT.includes(swap.status)
        ? {
            kind: 'DepositCredited',
            now,
            // The swap's own deposit (the first seen) carries the credit of all of them, unless
            // it is not among them (replaced by a fee bump, its vanishing not reported yet).
            txid:
              swap.depositTx && credit.txids.includes(swap.depositTx.id) ? swap.depositTx.id : report.txid,
            amount: credit.amount,
            deposits: credit.deposits,
            txids: credit.txids,
            market: market(swap),
          }
        : null,
  ];
}

/**
 * Rule 1 in full, after the swap's own credit: a deposit not in it is handled once it has its
 * confirmations (joined, paid on its own, or returned, as the machine decides), at the market of
 * that moment where the swap may exchange it. Sightings and counts before then change nothing.
 */
function laterDepositEvents(
  swap: Swap,
  report: DepositReport,
  { now, market }: DepositMoment,
): EventBuilder[] {
  if (report.credited || report.confirmations < requiredConfirmations(report) || swap.dryrun) return [];
  return [
    (current) => ({
      kind: 'LaterDepositCredited',
      now,
      deposit: report.depositId,
      txid: report.txid,
      amount: report.amount,
      market: EXCHANGES_LATER.includes(current.status) ? market(current) : null,
    }),
  ];
}
