import type { DepositReturnUpdated, PartnerFeeTotal, SwapSnapshot } from '@swap/contracts';
import { useHarness, swapAt, type TreasuryProcess } from '../../test/treasury-harness';

const T0 = 1_764_000_000;
const KEY = 'ak_partner';

/** A swap of KEY created at T0 + `at`, exchanged: 1 % fee of 12,470 sat, 0.75 % the partner's. */
const exchanged = (id: string, at: number, overrides: Partial<SwapSnapshot> = {}): SwapSnapshot =>
  swapAt({
    id,
    apiKey: KEY,
    status: 'DONE',
    from: 'LTC',
    to: 'BTC',
    amountDeposited: '150000000',
    amountTo: '1234500',
    feeAmount: '12470',
    feePercent: '1',
    partnerPercent: '0.75',
    time: { reg: T0 + at, start: null, finish: null, update: T0 + at, expiration: T0 + at + 3600 },
    ...overrides,
  });

/** A further deposit paid out on its own, its payout in `state`. */
const later = (state: 'DONE' | 'FAILED') => ({
  id: `LTC:late:${state}`,
  tx: `late-${state}`,
  amount: '50000000',
  time: 1,
  handling: state === 'FAILED' ? ('RETURNED' as const) : ('PAID' as const),
  payout: { id: `further-${state}`, rate: '0.0082', amountTo: '410000', feeAmount: '4141', state, tx: null },
});

const refundTx = {
  id: 'ltc-refund',
  amount: '148500000',
  fee: '2000',
  feeCurrency: 'LTC' as const,
  timeReg: 1,
  timeBlock: null,
  confirmations: 0,
  txKey: null,
};

/** Every shape of swap the ledger books a partner share for (or does not), across the range's ends. */
const SWAPS: SwapSnapshot[][] = [
  [exchanged('Swap000001', 0)], // 9,352 sat
  [exchanged('Swap000002', 5, { later: [later('DONE')] })], // 9,352 + 3,105
  [exchanged('Swap000003', 6, { later: [later('FAILED')] })], // its later share undone: 9,352
  [
    exchanged('Swap000004', 7, { status: 'EXCHANGING' }),
    exchanged('Swap000004', 7, { status: 'REFUNDED', refundTx }),
  ], // undone
  [exchanged('Swap000005', 8, { partnerPercent: '0' })], // no share
  [exchanged('Swap000006', 9, { to: 'XMR', feeAmount: '2000000000' })], // 1,500,000,000 piconero
  [exchanged('Swap000007', 9, { from: 'BTC', to: 'LTC', feeAmount: '99999' })], // 74,999 litoshi
  [exchanged('Swap000008', 3, { apiKey: 'ak_other' })], // another key's
  [exchanged('Swap000009', 10)], // at `until`
  [exchanged('Swap000010', -1)], // before `since`
  [exchanged('Swap000011', 4, { dryrun: true })], // a dry run books nothing
  // A fee share (D19): 30 % of a 0.25 % fee of 12,470 sat, 3,741 sat.
  [exchanged('Swap000013', 1, { feePercent: '0.25', partnerPercent: '0', feeShare: '30' })],
];

describe('the partner share a key earned from its swaps created in a range (treasury.rpc.partner-fees)', () => {
  const h = useHarness();
  let treasury: TreasuryProcess;

  beforeEach(async () => {
    treasury = h().start();
    for (const events of SWAPS) for (const swap of events) await treasury.recordSwapBooks.execute(swap);
  });

  /**
   * What the old RPC answered, from an independent reading of the same ledger: each swap's own
   * entries in `fees:partner:<key>` (what it asked about 500 swap ids at a time), summed by pair.
   */
  async function perSwap(apiKey: string, since: number, until: number): Promise<PartnerFeeTotal[]> {
    const sums = new Map<string, bigint>();
    for (const [swap] of SWAPS) {
      if (swap.apiKey !== apiKey || swap.time.reg < since || swap.time.reg >= until) continue;
      for (const entry of await h().ledger.entriesOfSwap(swap.id)) {
        if (entry.account !== `fees:partner:${apiKey}`) continue;
        const pair = `${swap.from}/${entry.currency}`;
        sums.set(pair, (sums.get(pair) ?? 0n) - entry.amount);
      }
    }
    return [...sums]
      .filter(([, amount]) => amount !== 0n)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([pair, amount]) => {
        const [from, currency] = pair.split('/') as [PartnerFeeTotal['from'], PartnerFeeTotal['currency']];
        return { from, currency, amount: amount.toString() };
      });
  }

  it('sums them per pair in one query, as the per-swap answers add up', async () => {
    const answer = await treasury.partnerFees.execute({ apiKey: KEY, since: T0, until: T0 + 10 });
    expect(answer).toEqual([
      { from: 'BTC', currency: 'LTC', amount: '74999' },
      { from: 'LTC', currency: 'BTC', amount: String(9352 * 3 + 3105 + 3741) },
      { from: 'LTC', currency: 'XMR', amount: '1500000000' },
    ]);
    expect(answer).toEqual(await perSwap(KEY, T0, T0 + 10));
  });

  it.each([
    [T0 - 1, T0 + 11],
    [T0, T0 + 6],
    [T0 + 6, T0 + 10],
    [T0 + 7, T0 + 9],
    [T0 + 11, T0 + 20],
  ])('matches the per-swap answers over [%i, %i), for each key', async (since, until) => {
    for (const apiKey of [KEY, 'ak_other', 'ak_nobody'])
      expect(await treasury.partnerFees.execute({ apiKey, since, until })).toEqual(
        await perSwap(apiKey, since, until),
      );
  });

  it('counts a swap whose book a deposit return opened first', async () => {
    const swap = exchanged('Swap000012', 2);
    const ret: DepositReturnUpdated = {
      returnId: 'Swap000012-return-1',
      swapId: swap.id,
      depositId: 'LTC:early:0',
      network: 'LTC',
      currency: 'LTC',
      address: 'ltc1qback',
      deposited: '1000000',
      amount: '990000',
      state: 'confirmed',
      txid: 'back',
      fee: '1000',
      feeCurrency: 'LTC',
      confirmations: 1,
      reason: null,
      requestedAt: T0,
      updatedAt: T0,
      depositAddress: swap.depositAddress,
      depositIndex: swap.depositIndex,
    };
    const before = await treasury.partnerFees.execute({ apiKey: KEY, since: T0 + 2, until: T0 + 3 });
    await treasury.recordReturnBooks.execute(ret);
    await treasury.recordSwapBooks.execute(swap);

    expect(before).toEqual([]);
    expect(await treasury.partnerFees.execute({ apiKey: KEY, since: T0 + 2, until: T0 + 3 })).toEqual([
      { from: 'LTC', currency: 'BTC', amount: '9352' },
    ]);
  });
});
