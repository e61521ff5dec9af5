import fc from 'fast-check';
import type { Deposit } from '@swap/watcher-data';
import { confirmationsAt, isSettled, observation } from './deposit-observation';

const deposit = (overrides: Partial<Deposit> = {}): Deposit => ({
  id: 'LTC:abc:1',
  network: 'LTC',
  swapId: 'AbCdEfGhIj',
  address: 'ltc1qdeposit',
  currency: 'LTC',
  txid: 'abc',
  index: 1,
  amount: 123_456_789_012_345_678_901n,
  requiredConfirmations: 2,
  seenAt: 1,
  state: 'block',
  blockHeight: 100,
  blockHash: 'h100',
  missingSince: null,
  replacedBy: null,
  spends: [],
  confirmations: 0,
  publishedId: null,
  reports: 0,
  settled: false,
  ...overrides,
});

describe('observation', () => {
  it('tells a mined deposit its block and its confirmations, the amount as an integer string', () => {
    expect(observation(deposit(), 100, 42)).toEqual({
      kind: 'deposit',
      swapId: 'AbCdEfGhIj',
      network: 'LTC',
      currency: 'LTC',
      address: 'ltc1qdeposit',
      depositId: 'LTC:abc:1',
      txid: 'abc',
      index: 1,
      amount: '123456789012345678901',
      confirmations: 1,
      blockHeight: 100,
      blockHash: 'h100',
      reverted: false,
      observedAt: 42,
    });
  });

  it('stops counting at the requirement', () => {
    expect(observation(deposit(), 150, 0).confirmations).toBe(2);
    expect(confirmationsAt(deposit(), 150)).toBe(51);
  });

  it('tells a waiting deposit 0 confirmations and no block, a gone one reverted', () => {
    const waiting = deposit({ state: 'mempool', blockHeight: null, blockHash: null });
    expect(observation(waiting, 150, 0)).toMatchObject({
      confirmations: 0,
      blockHeight: null,
      reverted: false,
    });
    const gone = deposit({ state: 'reverted', blockHeight: null, blockHash: null });
    expect(observation(gone, 150, 0)).toMatchObject({ confirmations: 0, blockHash: null, reverted: true });
  });

  it('settles a deposit once confirmed enough, or gone, never while waiting', () => {
    expect(isSettled(deposit(), 100)).toBe(false);
    expect(isSettled(deposit(), 101)).toBe(true);
    expect(isSettled(deposit({ state: 'reverted' }), 0)).toBe(true);
    expect(isSettled(deposit({ state: 'mempool', blockHeight: null }), 1000)).toBe(false);
    expect(isSettled(deposit({ state: 'orphaned', blockHeight: null }), 1000)).toBe(false);
  });

  it('never tells more confirmations than required, and never fewer as the chain grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 100 }),
        (required, minedAt, later) => {
          const mined = deposit({ requiredConfirmations: required, blockHeight: minedAt });
          const now = observation(mined, minedAt + later, 0).confirmations;
          const next = observation(mined, minedAt + later + 1, 0).confirmations;
          return now <= required && next >= now && next <= now + 1;
        },
      ),
    );
  });
});
