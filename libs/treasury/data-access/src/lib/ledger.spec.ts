import { assertBalanced, sumsByCurrency, UnbalancedLedgerError, type LedgerEntry } from './ledger';

const batch = (entries: LedgerEntry[]) => ({ key: 'k', swapId: 's', memo: 'm', entries });
const e = (account: string, currency: LedgerEntry['currency'], amount: bigint): LedgerEntry => ({
  account,
  currency,
  amount,
});

describe('assertBalanced', () => {
  it.each([
    ['one currency', [e('hot:BTC', 'BTC', 5n), e('deposits:s', 'BTC', -5n)]],
    [
      'two currencies, each balanced',
      [
        e('payouts:s', 'USDTERC', 7n),
        e('hot:ETH', 'USDTERC', -7n),
        e('fees:network', 'ETH', 2n),
        e('hot:ETH', 'ETH', -2n),
      ],
    ],
    ['amounts beyond 2^64', [e('a', 'ETH', 2n ** 100n), e('b', 'ETH', -(2n ** 100n))]],
  ])('accepts %s', (_, entries) => {
    expect(() => assertBalanced(batch(entries))).not.toThrow();
  });

  it.each([
    ['an empty batch', [], /no entries/],
    ['a zero entry', [e('a', 'BTC', 0n)], /zero entry/],
    ['a one-sided batch', [e('a', 'BTC', 5n)], /does not balance in BTC: 5/],
    [
      'sums that only balance across currencies',
      [e('a', 'BTC', 5n), e('b', 'LTC', -5n)],
      /does not balance in (BTC|LTC)/,
    ],
  ])('refuses %s', (_, entries, message) => {
    expect(() => assertBalanced(batch(entries as LedgerEntry[]))).toThrow(UnbalancedLedgerError);
    expect(() => assertBalanced(batch(entries as LedgerEntry[]))).toThrow(message);
  });

  it('sums per currency', () => {
    const sums = sumsByCurrency([e('a', 'BTC', 5n), e('b', 'BTC', -2n), e('c', 'ETH', 1n)]);
    expect([...sums]).toEqual([
      ['BTC', 3n],
      ['ETH', 1n],
    ]);
  });
});
