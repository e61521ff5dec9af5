import { aPayout, aSignedTx, openTreasuryDb, type TreasuryDb } from '../test/treasury-db';
import { TransferLifecycle } from './transfer-lifecycle.repository';
import { TransferReports } from './transfer-reports.repository';

describe('TransferReports', () => {
  let treasury: TreasuryDb;
  let transfers: TransferLifecycle;
  let reports: TransferReports;

  beforeAll(async () => {
    treasury = await openTreasuryDb();
    transfers = new TransferLifecycle(treasury.dataSource);
    reports = new TransferReports(treasury.dataSource);
  });
  afterAll(async () => {
    await treasury?.close();
  });
  beforeEach(async () => {
    await treasury.reset();
  });

  it('counts transfers per kind and state, dating the oldest of each group (for the metrics)', async () => {
    const before = Date.now();
    await transfers.plan(aPayout({ id: 'payout-1' }));
    await transfers.plan(aPayout({ id: 'payout-2' }));
    await transfers.plan(aPayout({ id: 'sweep:1', kind: 'sweep', fromIndex: 1 }));
    await transfers.markSigned('payout-2', aSignedTx(), null);

    const groups = await reports.countByKindAndState();
    expect(groups.map(({ kind, state, count }) => `${kind} ${state} ${count}`).sort()).toEqual([
      'payout PLANNED 1',
      'payout SIGNED 1',
      'sweep PLANNED 1',
    ]);
    expect(groups.every((g) => g.oldestAt.getTime() >= before - 1_000)).toBe(true);
  });

  it('reserves amounts and fees of hot-wallet transfers until they end', async () => {
    await transfers.plan(aPayout({ id: 'p1', amount: 100n }));
    await transfers.plan(aPayout({ id: 'p2', amount: 50n, currency: 'USDTERC' }));
    await transfers.plan(aPayout({ id: 'r1', kind: 'refund', swapId: null, amount: 7n }));
    await transfers.plan(aPayout({ id: 'sweep', kind: 'sweep', fromIndex: 3, amount: 1000n }));
    await transfers.plan(aPayout({ id: 'done', amount: 5000n }));
    await transfers.markSigned('p2', aSignedTx({ fee: 3n }), null);
    await transfers.markSigned('done', aSignedTx({ fee: 4n }), null);
    await transfers.markBroadcast('done');
    await transfers.recordConfirmations('done', { confirmations: 12, confirmed: true });

    expect(await reports.reservations()).toEqual(
      new Map([
        ['ETH', 100n + 7n + 3n],
        ['USDTERC', 50n],
      ]),
    );
  });

  it('lists payout states not yet reported, until reported', async () => {
    await transfers.plan(aPayout());
    await transfers.markSigned('payout-1', aSignedTx(), null);
    expect(await reports.unreported()).toEqual([]);

    const sent = await transfers.markBroadcast('payout-1');
    expect((await reports.unreported()).map((t) => t.id)).toEqual(['payout-1']);

    await reports.markReported('payout-1', sent?.version ?? 0);
    expect(await reports.unreported()).toEqual([]);
  });
});
