import { Swap, SwapStatus } from '@swap/domain';
import {
  applyReport,
  DEPOSIT_TX,
  LATER_DEPOSIT,
  LATER_TX,
  market,
  newDryRun,
  newFixedSwap,
  newSwap,
  states,
  T0,
} from '../../../testing/machine.fixtures';
import { SwapEventKind } from '../machine.types';
import { Credit, DepositReport } from './deposit-credit';
import { depositReportEvents } from './deposit-report.events';

const NOW = T0 + 900;
const OWN = `BTC:${DEPOSIT_TX}:0`;
const BUMP_TX = '5'.repeat(64);

/** A report of the swap's own deposit of 0.01 BTC (BTC wants one confirmation). */
const own = (overrides: Partial<DepositReport> = {}): DepositReport => ({
  depositId: OWN,
  currency: 'BTC',
  txid: DEPOSIT_TX,
  amount: 1_000_000n,
  confirmations: 0,
  blockHeight: null,
  reverted: false,
  credited: false,
  ...overrides,
});
/** A report of a further deposit of 0.005 BTC. */
const later = (overrides: Partial<DepositReport> = {}): DepositReport =>
  own({
    depositId: LATER_DEPOSIT,
    txid: LATER_TX,
    amount: 500_000n,
    confirmations: 1,
    blockHeight: 101,
    ...overrides,
  });
/** The same order from LTC, which wants two confirmations. */
const ltc = (base = newSwap({ from: 'LTC' })) => base;
const ltcReport = (overrides: Partial<DepositReport> = {}) => own({ currency: 'LTC', ...overrides });
const creditOf = (amount: bigint, txids = [DEPOSIT_TX]): Credit => ({
  amount,
  deposits: txids.map((txid) => `BTC:${txid}:0`),
  txids,
});

interface Case {
  swap: () => Swap;
  report: DepositReport;
  credit?: Credit;
  events: SwapEventKind[];
  status: SwapStatus;
  /** How often the market is asked. */
  asked?: number;
  check?: (after: Swap) => void;
}

const run = ({ swap, report, credit }: Pick<Case, 'swap' | 'report' | 'credit'>) => {
  const asked = jest.fn(() => market());
  const before = swap();
  const events = depositReportEvents(before, report, { credit: credit ?? null, now: NOW, market: asked });
  return { ...applyReport(before, events), asked };
};

describe('depositReportEvents: until the swap is credited, the report moves it through section 3', () => {
  it.each<[string, Case]>([
    ['mempool: seen', { swap: () => newSwap(), report: own(), events: ['DepositSeen'], status: 'PENDING' }],
    [
      'seen again: recorded, no change',
      { swap: () => states.pending(), report: own(), events: ['DepositSeen'], status: 'PENDING' },
    ],
    [
      'a first confirmation of two, the sighting missed: seen, then counted',
      {
        swap: () => ltc(),
        report: ltcReport({ confirmations: 1 }),
        events: ['DepositSeen', 'DepositConfirmations'],
        status: 'CONFIRMING',
      },
    ],
    [
      'a first confirmation of two: counted',
      {
        swap: () => states.pending(ltc()),
        report: ltcReport({ confirmations: 1 }),
        events: ['DepositConfirmations'],
        status: 'CONFIRMING',
        check: (s) => expect(s.depositTx?.confirmations).toBe(1),
      },
    ],
    [
      'required confirmations while another deposit confirms: counted up to the requirement only',
      {
        swap: () => states.confirming(ltc()),
        report: ltcReport({ confirmations: 5 }),
        events: ['DepositConfirmations'],
        status: 'CONFIRMING',
        check: (s) => expect(s.depositTx?.confirmations).toBe(2),
      },
    ],
    [
      'required confirmations, the swap CONFIRMING: credited at the market of the moment',
      {
        swap: () => states.confirming(),
        report: own({ confirmations: 1 }),
        credit: creditOf(1_000_000n),
        events: ['DepositCredited'],
        status: 'EXCHANGING',
        asked: 1,
      },
    ],
    [
      'the first block brings the requirement, the swap PENDING: counted, then credited',
      {
        swap: () => states.pending(),
        report: own({ confirmations: 1 }),
        credit: creditOf(1_000_000n),
        events: ['DepositConfirmations', 'DepositCredited'],
        status: 'EXCHANGING',
      },
    ],
    [
      'the first block brings the requirement (BTC): PENDING, CONFIRMING and EXCHANGING, each its own event',
      {
        swap: () => newSwap(),
        report: own({ confirmations: 1 }),
        credit: creditOf(1_000_000n),
        events: ['DepositSeen', 'DepositConfirmations', 'DepositCredited'],
        status: 'EXCHANGING',
        asked: 1,
      },
    ],
    [
      "two deposits credited together: the sum, on the swap's own deposit",
      {
        swap: () => states.confirming(),
        report: later(),
        credit: creditOf(1_500_000n, [DEPOSIT_TX, LATER_TX]),
        events: ['DepositCredited'],
        status: 'EXCHANGING',
        check: (s) => {
          expect(s.amountDeposited).toBe(1_500_000n);
          expect(s.depositTx?.id).toBe(DEPOSIT_TX);
        },
      },
    ],
    [
      "the tracked deposit not among those credited (a fee bump replaced it): the swap follows the report's",
      {
        swap: () => states.confirming(),
        report: own({ depositId: `BTC:${BUMP_TX}:0`, txid: BUMP_TX, confirmations: 1 }),
        credit: creditOf(1_000_000n, [BUMP_TX]),
        events: ['DepositCredited'],
        status: 'EXCHANGING',
        check: (s) => expect(s.depositTx?.id).toBe(BUMP_TX),
      },
    ],
    [
      'a fixed-rate deposit 10 % short: RATE_CHANGED',
      {
        swap: () => states.confirming(newFixedSwap()),
        report: own({ amount: 900_000n, confirmations: 1 }),
        credit: creditOf(900_000n),
        events: ['DepositCredited'],
        status: 'RATE_CHANGED',
      },
    ],
    [
      'the uncredited deposit vanishes: NEW again',
      {
        swap: () => states.pending(),
        report: own({ reverted: true }),
        events: ['DepositReverted'],
        status: 'NEW',
      },
    ],
  ])('%s', (_name, c) => {
    const { swap, kinds, refused, asked } = run(c);
    expect(refused).toBeNull();
    expect(kinds).toEqual(c.events);
    expect(swap.status).toBe(c.status);
    expect(asked).toHaveBeenCalledTimes(c.asked ?? (c.events.includes('DepositCredited') ? 1 : 0));
    c.check?.(swap);
  });
});

describe('depositReportEvents: after the credit, each further deposit on its own (rule 1 in full)', () => {
  it.each<[string, Case]>([
    [
      'EXCHANGING, float: exchanged at the market of the moment and paid on its own',
      {
        swap: () => states.exchanging(),
        report: later(),
        events: ['LaterDepositCredited'],
        status: 'EXCHANGING',
        asked: 1,
        check: (s) => expect(s.later.map((l) => l.handling)).toEqual(['PAID']),
      },
    ],
    [
      'RATE_CHANGED: joined to the decision at the market of the moment',
      {
        swap: () => states.rateChanged(),
        report: later({ amount: 100_000n }),
        events: ['LaterDepositCredited'],
        status: 'EXCHANGING',
        asked: 1,
      },
    ],
    [
      'DONE: returned, the market not asked',
      {
        swap: () => states.done(),
        report: later(),
        events: ['LaterDepositCredited'],
        status: 'DONE',
        asked: 0,
        check: (s) => expect(s.returns).toHaveLength(1),
      },
    ],
    [
      'a sighting before its confirmations changes nothing',
      {
        swap: () => states.exchanging(),
        report: later({ confirmations: 0 }),
        events: [],
        status: 'EXCHANGING',
      },
    ],
    [
      'a deposit the credit included changes nothing',
      {
        swap: () => states.exchanging(),
        report: own({ confirmations: 3, credited: true }),
        events: [],
        status: 'EXCHANGING',
      },
    ],
    [
      'a dry run takes no deposits',
      { swap: () => newDryRun({ status: 'EXCHANGING' }), report: later(), events: [], status: 'EXCHANGING' },
    ],
    [
      'a credited deposit vanishes: FAILED (D4)',
      {
        swap: () => states.exchanging(),
        report: later({ reverted: true, credited: true }),
        events: ['DepositReverted'],
        status: 'FAILED',
      },
    ],
  ])('%s', (_name, c) => {
    const { swap, kinds, refused, asked } = run(c);
    expect(refused).toBeNull();
    expect(kinds).toEqual(c.events);
    expect(swap.status).toBe(c.status);
    expect(asked).toHaveBeenCalledTimes(c.asked ?? 0);
    c.check?.(swap);
  });
});
