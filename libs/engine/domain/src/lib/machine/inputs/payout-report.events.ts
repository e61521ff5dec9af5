import { CurrencyCode, Swap } from '@swap/domain';
import { laterDepositPaidBy } from '../later-deposits';
import { EventBuilder } from './report-events';

/** The treasury's progress of a payout: the swap's own, or a later deposit's. */
export interface PayoutReport {
  payoutId: string;
  /** broadcast: signed and accepted by the node; confirmed: counted (again) on the chain; failed: will never land. */
  state: 'broadcast' | 'confirmed' | 'failed';
  txid: string | null;
  fee: bigint | null;
  feeCurrency: CurrencyCode | null;
  txKey: string | null;
  confirmations: number;
  reason: string | null;
}

/**
 * The events a payout report brings. `awaited` is the payout attempt the swap waits on; progress
 * of another (one an operator's retry replaced) brings null: it is dropped.
 */
export function payoutReportEvents(
  swap: Swap,
  report: PayoutReport,
  awaited: string | undefined,
  now: number,
): EventBuilder[] | null {
  // A later deposit's own payout travels under the id the machine gave it.
  const later = laterDepositPaidBy(swap, report.payoutId);
  if (later) return furtherPayoutEvents(report, later.id, now);
  if (report.payoutId !== awaited) return null;
  return ownPayoutEvents(report, now);
}

/** What a broadcast records, of the swap's payout and of a further one alike. */
const sent = (report: PayoutReport) => ({
  tx: report.txid ?? '',
  fee: report.fee,
  feeCurrency: report.feeCurrency,
  txKey: report.txKey,
});

/** Broadcast: SENDING. Confirmed (counted once or more): DONE, then the count. Failed: FAILED. */
function ownPayoutEvents(report: PayoutReport, now: number): EventBuilder[] {
  const broadcast: EventBuilder = () => ({ kind: 'PayoutBroadcast', now, ...sent(report) });
  switch (report.state) {
    case 'broadcast':
      return [broadcast];
    case 'confirmed':
      return [
        // The broadcast report may have been overtaken: record the transaction first.
        (swap) => (swap.status === 'EXCHANGING' ? broadcast(swap) : null),
        () =>
          report.confirmations < 1
            ? null
            : {
                kind: 'PayoutConfirmed',
                now,
                tx: report.txid ?? '',
                confirmations: report.confirmations,
                // The chain's charge replaces the signed fee once the treasury has settled it.
                fee: report.fee,
              },
      ];
    case 'failed':
      return [
        () => ({ kind: 'PayoutFailed', now, reason: report.reason ?? 'the payout transaction failed' }),
      ];
  }
}

/** A later deposit's own payout: broadcast, confirmed (counted once or more), failed. */
function furtherPayoutEvents(report: PayoutReport, deposit: string, now: number): EventBuilder[] {
  const tx = report.txid ?? '';
  const broadcast: EventBuilder = () => ({ kind: 'FurtherPayoutBroadcast', now, deposit, ...sent(report) });
  switch (report.state) {
    case 'broadcast':
      return [broadcast];
    case 'confirmed':
      return report.confirmations < 1
        ? [broadcast]
        : [
            broadcast,
            () => ({
              kind: 'FurtherPayoutConfirmed',
              now,
              deposit,
              tx,
              confirmations: report.confirmations,
              fee: report.fee,
            }),
          ];
    case 'failed':
      return [
        () => ({
          kind: 'FurtherPayoutFailed',
          now,
          deposit,
          reason: report.reason ?? 'the payout transaction failed',
        }),
      ];
  }
}
