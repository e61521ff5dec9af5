import { newSwap, states } from '../../../testing/machine.fixtures';
import { creditOf, DepositReport, LoggedDeposit, mayCredit } from './deposit-credit';

/** LTC wants two confirmations. */
const deposit = (n: number, overrides: Partial<LoggedDeposit> = {}): LoggedDeposit => ({
  depositId: `LTC:${n}:0`,
  txid: String(n).repeat(64),
  amount: 1_000_000n * BigInt(n),
  confirmations: 2,
  blockHeight: 100,
  reverted: false,
  ...overrides,
});
const report = (logged: LoggedDeposit, overrides: Partial<DepositReport> = {}): DepositReport => ({
  ...logged,
  currency: 'LTC',
  credited: false,
  ...overrides,
});

describe('creditOf (rule 1: deposits to the address are credited together)', () => {
  it.each<[string, DepositReport, LoggedDeposit[], bigint | null, string[]]>([
    ['one deposit with its confirmations', report(deposit(1)), [deposit(1)], 1_000_000n, ['LTC:1:0']],
    [
      'two with their confirmations add up',
      report(deposit(2)),
      [deposit(1), deposit(2)],
      3_000_000n,
      ['LTC:1:0', 'LTC:2:0'],
    ],
    [
      'more confirmations than required count the same',
      report(deposit(1, { confirmations: 7 })),
      [deposit(1, { confirmations: 7 })],
      1_000_000n,
      ['LTC:1:0'],
    ],
    [
      'one only in the mempool does not hold the others back',
      report(deposit(1)),
      [deposit(1), deposit(2, { confirmations: 0, blockHeight: null })],
      1_000_000n,
      ['LTC:1:0'],
    ],
    [
      'a reverted deposit is left out',
      report(deposit(1)),
      [deposit(1), deposit(2, { reverted: true })],
      1_000_000n,
      ['LTC:1:0'],
    ],
    [
      'another in a block still confirming: wait',
      report(deposit(1)),
      [deposit(1), deposit(2, { confirmations: 1 })],
      null,
      [],
    ],
    [
      'the watcher knows a mined deposit not reported yet: wait',
      report(deposit(1), { minedDeposits: 2 }),
      [deposit(1)],
      null,
      [],
    ],
    [
      'every mined deposit reported: credit',
      report(deposit(2), { minedDeposits: 2 }),
      [deposit(1), deposit(2)],
      3_000_000n,
      ['LTC:1:0', 'LTC:2:0'],
    ],
    ['the report lacks confirmations', report(deposit(1, { confirmations: 1 })), [deposit(1)], null, []],
    ['the report is of a reverted deposit', report(deposit(1, { reverted: true })), [deposit(1)], null, []],
  ])('%s', (_name, reported, log, amount, deposits) => {
    const credit = creditOf(reported, log);
    if (amount === null) return expect(credit).toBeNull();
    expect(credit).toEqual({
      amount,
      deposits,
      txids: log.filter((d) => deposits.includes(d.depositId)).map((d) => d.txid),
    });
  });
});

describe('mayCredit: the deposit log is read only for a report that may credit the swap', () => {
  it.each([
    ['NEW, confirmed', newSwap(), report(deposit(1)), true],
    ['CONFIRMING, confirmed', states.confirming(), report(deposit(1)), true],
    ['CONFIRMING, still confirming', states.confirming(), report(deposit(1, { confirmations: 1 })), false],
    ['CONFIRMING, reverted', states.confirming(), report(deposit(1, { reverted: true })), false],
    ['EXCHANGING: credited already', states.exchanging(), report(deposit(1)), false],
    ['EXPIRED', states.expired(), report(deposit(1)), false],
  ])('%s', (_name, swap, reported, expected) => {
    expect(mayCredit(swap, reported)).toBe(expected);
  });
});
