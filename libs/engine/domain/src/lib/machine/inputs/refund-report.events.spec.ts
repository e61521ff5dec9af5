import { Swap, SwapStatus } from '@swap/domain';
import { applyReport, REFUND_TX, RETURN_TX, states, T0 } from '../../../testing/machine.fixtures';
import { SwapEventKind } from '../machine.types';
import { RefundReport, refundReportEvents } from './refund-report.events';

const NOW = T0 + 1900;
const REFUND = 'Ab3dEf7hJk-refund-3';

const report = (state: RefundReport['state'], overrides: Partial<RefundReport> = {}): RefundReport => ({
  refundId: REFUND,
  state,
  txid: state === 'failed' ? null : REFUND_TX,
  fee: 1_000n,
  feeCurrency: 'BTC',
  confirmations: state === 'confirmed' ? 1 : 0,
  reason: null,
  ...overrides,
});
/** The return of the later deposit in `states.doneWithReturn`. */
const returned = (swap: Swap, state: RefundReport['state']) =>
  report(state, { refundId: swap.returns[0].id, txid: state === 'failed' ? null : RETURN_TX });

describe('refundReportEvents', () => {
  it.each<[string, () => Swap, (swap: Swap) => RefundReport, SwapEventKind[], SwapStatus]>([
    ['sent: REFUNDED', () => states.refunding(), () => report('sent'), ['RefundSent'], 'REFUNDED'],
    ['confirmed: counted', states.refunded, () => report('confirmed'), ['RefundSent'], 'REFUNDED'],
    ['failed: FAILED', () => states.refunding(), () => report('failed'), ['RefundFailed'], 'FAILED'],
    [
      'a return sent: the swap stays as it is',
      states.doneWithReturn,
      (s) => returned(s, 'sent'),
      ['ReturnProgressed'],
      'DONE',
    ],
    ['a return failed', states.doneWithReturn, (s) => returned(s, 'failed'), ['ReturnProgressed'], 'DONE'],
  ])('%s', (_name, swap, reportFor, events, status) => {
    const before = swap();
    const built = refundReportEvents(before, reportFor(before), REFUND, NOW);
    const after = applyReport(before, built ?? []);
    expect(after.refused).toBeNull();
    expect(after.kinds).toEqual(events);
    expect(after.swap.status).toBe(status);
  });

  it('gives the failure a reason when the refunds service gave none', () => {
    const [failed] = refundReportEvents(states.refunding(), report('failed'), REFUND, NOW) ?? [];
    expect(failed(states.refunding())).toEqual({
      kind: 'RefundFailed',
      now: NOW,
      reason: 'the refund transaction failed',
    });
  });

  it('drops the progress of an attempt an operator replaced', () => {
    expect(refundReportEvents(states.refunding(), report('sent'), 'Ab3dEf7hJk-refund-9', NOW)).toBeNull();
  });
});
