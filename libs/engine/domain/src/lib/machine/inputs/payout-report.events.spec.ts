import { Swap, SwapStatus } from '@swap/domain';
import { applyReport, FURTHER_TX, PAYOUT_TX, states, T0 } from '../../../testing/machine.fixtures';
import { SwapEventKind } from '../machine.types';
import { PayoutReport, payoutReportEvents } from './payout-report.events';

const NOW = T0 + 1800;
const PAYOUT = 'Ab3dEf7hJk-payout-4';

const report = (state: PayoutReport['state'], overrides: Partial<PayoutReport> = {}): PayoutReport => ({
  payoutId: PAYOUT,
  state,
  txid: state === 'failed' ? null : PAYOUT_TX,
  fee: 21_000n,
  feeCurrency: 'ETH',
  txKey: null,
  confirmations: state === 'confirmed' ? 1 : 0,
  reason: null,
  ...overrides,
});
/** The further payout of the later deposit in `states.sendingWithFurther`. */
const further = (swap: Swap, state: PayoutReport['state'], confirmations = state === 'confirmed' ? 1 : 0) =>
  report(state, { payoutId: swap.later[0].payout?.id ?? '', txid: FURTHER_TX, confirmations });

describe('payoutReportEvents', () => {
  it.each<[string, () => Swap, (swap: Swap) => PayoutReport, SwapEventKind[], SwapStatus]>([
    ['broadcast: SENDING', states.exchanging, () => report('broadcast'), ['PayoutBroadcast'], 'SENDING'],
    ['confirmed: DONE', states.sending, () => report('confirmed'), ['PayoutConfirmed'], 'DONE'],
    [
      'confirmed, the broadcast report overtaken: the transaction recorded first',
      states.exchanging,
      () => report('confirmed'),
      ['PayoutBroadcast', 'PayoutConfirmed'],
      'DONE',
    ],
    [
      'confirmed with no count yet: nothing',
      states.sending,
      () => report('confirmed', { confirmations: 0 }),
      [],
      'SENDING',
    ],
    [
      'counted again when DONE',
      states.done,
      () => report('confirmed', { confirmations: 3 }),
      ['PayoutConfirmed'],
      'DONE',
    ],
    ['failed: FAILED', states.sending, () => report('failed'), ['PayoutFailed'], 'FAILED'],
    [
      'a further payout broadcast',
      states.sendingWithFurther,
      (s) => further(s, 'broadcast'),
      ['FurtherPayoutBroadcast'],
      'SENDING',
    ],
    [
      'a further payout confirmed, its broadcast overtaken: recorded, then landed',
      states.sendingWithFurther,
      (s) => further(s, 'confirmed'),
      ['FurtherPayoutBroadcast', 'FurtherPayoutConfirmed'],
      'SENDING',
    ],
    [
      'a further payout confirmed with no count yet: recorded only',
      states.sendingWithFurther,
      (s) => further(s, 'confirmed', 0),
      ['FurtherPayoutBroadcast'],
      'SENDING',
    ],
    [
      'a further payout failed: its deposit goes back',
      states.sendingWithFurther,
      (s) => further(s, 'failed'),
      ['FurtherPayoutFailed'],
      'SENDING',
    ],
  ])('%s', (_name, swap, reportFor, events, status) => {
    const before = swap();
    const built = payoutReportEvents(before, reportFor(before), PAYOUT, NOW);
    const after = applyReport(before, built ?? []);
    expect(after.refused).toBeNull();
    expect(after.kinds).toEqual(events);
    expect(after.swap.status).toBe(status);
  });

  it('gives the failure a reason when the treasury gave none', () => {
    const [failed] = payoutReportEvents(states.sending(), report('failed'), PAYOUT, NOW) ?? [];
    expect(failed(states.sending())).toEqual({
      kind: 'PayoutFailed',
      now: NOW,
      reason: 'the payout transaction failed',
    });
  });

  it('drops the progress of an attempt an operator replaced', () => {
    expect(payoutReportEvents(states.sending(), report('confirmed'), 'Ab3dEf7hJk-payout-9', NOW)).toBeNull();
    expect(payoutReportEvents(states.sending(), report('confirmed'), undefined, NOW)).toBeNull();
  });
});
