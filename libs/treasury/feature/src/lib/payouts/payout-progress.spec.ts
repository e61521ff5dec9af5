import type { Transfer } from '@swap/treasury-data';
import { payoutProgress } from './payout-progress';

const signed = {
  network: 'XMR' as const,
  txid: 'xmr-tx',
  raw: 'r',
  fee: 9n,
  feeCurrency: 'XMR' as const,
  txKey: 'tk',
};
const payout = (overrides: Partial<Transfer>): Transfer => ({
  id: 'p',
  kind: 'payout',
  swapId: 'S',
  network: 'XMR',
  currency: 'XMR',
  fromIndex: 0,
  to: 'x',
  amount: 1n,
  state: 'BROADCAST',
  signed,
  feePaid: null,
  confirmations: 0,
  failure: null,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  refused: false,
  generation: 0,
  version: 3,
  reportedVersion: 0,
  clearedAt: 0,
  holdReason: null,
  approvedAt: null,
  ...overrides,
});

describe('payoutProgress', () => {
  it.each([
    ['nothing while planned', { state: 'PLANNED', signed: null }, null],
    ['nothing while held for an operator', { state: 'HELD', signed: null, clearedAt: null }, null],
    ['nothing while signed', { state: 'SIGNED' }, null],
    [
      'broadcast, with the Monero tx key',
      {},
      { state: 'broadcast', txid: 'xmr-tx', fee: '9', txKey: 'tk', confirmations: 0 },
    ],
    [
      'confirmed with the count',
      { confirmations: 3 },
      { state: 'confirmed', confirmations: 3, reason: null },
    ],
    [
      'confirmed at the threshold',
      { state: 'CONFIRMED', confirmations: 5 },
      { state: 'confirmed', confirmations: 5 },
    ],
    [
      'confirmed with the fee the chain charged, below the one signed',
      { state: 'CONFIRMED', confirmations: 5, feePaid: 4n },
      { state: 'confirmed', fee: '4' },
    ],
    ['failed with its reason', { state: 'FAILED', failure: 'why' }, { state: 'failed', reason: 'why' }],
    [
      'failed before signing',
      { state: 'FAILED', signed: null, failure: 'why' },
      { state: 'failed', txid: null, fee: null },
    ],
    [
      'rejected by an operator while held: failed, never signed',
      { state: 'FAILED', signed: null, holdReason: 'above', failure: 'rejected by an operator: fraud' },
      { state: 'failed', txid: null, reason: 'rejected by an operator: fraud' },
    ],
    ['nothing for a sweep', { kind: 'sweep' }, null],
  ] as Array<[string, Partial<Transfer>, object | null]>)('%s', (_, overrides, expected) => {
    const progress = payoutProgress(payout(overrides), 42);
    if (expected === null) expect(progress).toBeNull();
    else
      expect(progress).toMatchObject({
        kind: 'payout',
        swapId: 'S',
        payoutId: 'p',
        observedAt: 42,
        ...expected,
      });
  });
});
