import type { DepositReturnUpdated } from '@swap/contracts';
import { returnBatches } from './return-postings';

const confirmed = (more: Partial<DepositReturnUpdated> = {}): DepositReturnUpdated => ({
  returnId: 'AbCdEfGhIj-return-1',
  swapId: 'AbCdEfGhIj',
  depositId: 'ETH:0xaa:0',
  network: 'ETH',
  currency: 'ETH',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  deposited: '1000000000000000000',
  amount: '990000000000000000',
  state: 'confirmed',
  txid: '0xbb',
  fee: '21000000000000',
  feeCurrency: 'ETH',
  confirmations: 12,
  reason: null,
  requestedAt: 1_700_000_000,
  updatedAt: 1_700_000_100,
  depositAddress: '0x0000000000000000000000000000000000000001',
  depositIndex: 7,
  ...more,
});

const sums = (batch: ReturnType<typeof returnBatches>[number]) => {
  const total = new Map<string, bigint>();
  for (const e of batch.entries) total.set(e.currency, (total.get(e.currency) ?? 0n) + e.amount);
  return [...total.values()];
};

describe('returnBatches: a late deposit and its return in the ledger', () => {
  it('books the deposit at its address on a swept network, the refund fee, and the return with its fee', () => {
    const batches = returnBatches(confirmed());
    expect(batches.map((b) => b.key)).toEqual([
      'late-deposit:ETH:0xaa:0',
      'return:AbCdEfGhIj-return-1',
      'return:AbCdEfGhIj-return-1:sent',
    ]);
    for (const batch of batches) expect(sums(batch).every((sum) => sum === 0n)).toBe(true);
    expect(batches[0].entries).toEqual([
      { account: 'unswept:AbCdEfGhIj', currency: 'ETH', amount: 1_000_000_000_000_000_000n },
      { account: 'deposits:AbCdEfGhIj', currency: 'ETH', amount: -1_000_000_000_000_000_000n },
    ]);
    expect(batches[1].entries).toContainEqual({
      account: 'fees:service',
      currency: 'ETH',
      amount: -10_000_000_000_000_000n,
    });
    expect(batches[2].entries).toContainEqual({
      account: 'fees:network',
      currency: 'ETH',
      amount: 21_000_000_000_000n,
    });
  });

  it("books a wallet network's deposit in the wallet, and a token's fee in the native coin", () => {
    const btc = returnBatches(confirmed({ network: 'BTC', currency: 'BTC', feeCurrency: 'BTC', fee: '500' }));
    expect(btc[0].entries[0]).toEqual({
      account: 'hot:BTC',
      currency: 'BTC',
      amount: 1_000_000_000_000_000_000n,
    });
    const token = returnBatches(
      confirmed({ currency: 'USDTERC', deposited: '100000000', amount: '99000000' }),
    );
    expect(token[2].entries).toEqual([
      { account: 'refunds:AbCdEfGhIj', currency: 'USDTERC', amount: 99_000_000n },
      { account: 'hot:ETH', currency: 'USDTERC', amount: -99_000_000n },
      { account: 'fees:network', currency: 'ETH', amount: 21_000_000_000_000n },
      { account: 'hot:ETH', currency: 'ETH', amount: -21_000_000_000_000n },
    ]);
    for (const batch of token) expect(sums(batch).every((sum) => sum === 0n)).toBe(true);
  });
});
