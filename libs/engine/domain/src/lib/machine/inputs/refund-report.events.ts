import { CurrencyCode, Swap } from '@swap/domain';
import { returnOf } from '../later-deposits';
import { EventBuilder } from './report-events';

/** The refunds service's progress of a refund: the swap's own, or a deposit's return. */
export interface RefundReport {
  refundId: string;
  state: 'sent' | 'confirmed' | 'failed';
  txid: string | null;
  fee: bigint | null;
  feeCurrency: CurrencyCode | null;
  confirmations: number;
  reason: string | null;
}

/**
 * The event a refund report brings. `awaited` is the refund attempt the swap waits on; progress
 * of another (one an operator's retry replaced) brings null: it is dropped.
 */
export function refundReportEvents(
  swap: Swap,
  report: RefundReport,
  awaited: string | undefined,
  now: number,
): EventBuilder[] | null {
  // A deposit's return travels as a refund of its own id, beside the swap's attempts.
  if (returnOf(swap, report.refundId))
    return [
      () => ({
        kind: 'ReturnProgressed',
        now,
        returnId: report.refundId,
        state: report.state,
        tx: report.txid,
        fee: report.fee,
        feeCurrency: report.feeCurrency,
        confirmations: report.confirmations,
        reason: report.reason,
      }),
    ];
  if (report.refundId !== awaited) return null;
  return [
    () =>
      report.state === 'failed'
        ? { kind: 'RefundFailed', now, reason: report.reason ?? 'the refund transaction failed' }
        : {
            kind: 'RefundSent',
            now,
            tx: report.txid ?? '',
            fee: report.fee,
            feeCurrency: report.feeCurrency,
            confirmations: report.confirmations,
          },
  ];
}
