import { aPayout, aSignedTx, openTreasuryDb, type TreasuryDb } from '../test/treasury-db';
import type { LedgerBatch } from './ledger';
import { LedgerRepository } from './ledger.repository';
import { TransferLifecycle } from './transfer-lifecycle.repository';
import { TransferReports } from './transfer-reports.repository';

const T = 1_700_000_000_000;

const payoutBatch: LedgerBatch = {
  key: 'transfer:payout-1',
  swapId: 'AbCdEfGhIj',
  memo: 'payout signed',
  entries: [
    { account: 'payouts:AbCdEfGhIj', currency: 'ETH', amount: 150_000_000_000_000_000n },
    { account: 'hot:ETH', currency: 'ETH', amount: -150_000_000_000_000_000n },
  ],
};

describe('TransferLifecycle', () => {
  let treasury: TreasuryDb;
  let transfers: TransferLifecycle;
  let reports: TransferReports;
  let ledger: LedgerRepository;

  beforeAll(async () => {
    treasury = await openTreasuryDb();
    transfers = new TransferLifecycle(treasury.dataSource);
    reports = new TransferReports(treasury.dataSource);
    ledger = new LedgerRepository(treasury.dataSource);
  });
  afterAll(async () => {
    await treasury?.close();
  });
  beforeEach(async () => {
    await treasury.reset();
  });

  it('plans a transfer once: a repeated command is the same transfer', async () => {
    const first = await transfers.plan(aPayout());
    const again = await transfers.plan(aPayout({ amount: 1n, to: 'elsewhere' }));

    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.transfer).toEqual(first.transfer);
    expect(first.transfer).toMatchObject({ ...aPayout(), state: 'PLANNED', signed: null, confirmations: 0 });
    expect(await treasury.dataSource.query('SELECT count(*)::int AS n FROM transfers')).toEqual([{ n: 1 }]);
  });

  it('stores the signed bytes and the ledger batch together, and keeps the first signature', async () => {
    await transfers.plan(aPayout());

    const signed = await transfers.markSigned('payout-1', aSignedTx(), payoutBatch);
    const resigned = await transfers.markSigned(
      'payout-1',
      aSignedTx({ txid: '0xbbb', raw: '0xother' }),
      payoutBatch,
    );

    expect(signed).toMatchObject({ state: 'SIGNED', signed: aSignedTx() });
    expect(resigned).toEqual(signed);
    expect((await ledger.entriesOfSwap('AbCdEfGhIj')).map((e) => e.batch)).toEqual([
      'transfer:payout-1',
      'transfer:payout-1',
    ]);
  });

  it('leaves the transfer PLANNED when its ledger batch does not balance', async () => {
    await transfers.plan(aPayout());
    const broken = { ...payoutBatch, entries: payoutBatch.entries.slice(0, 1) };

    await expect(transfers.markSigned('payout-1', aSignedTx(), broken)).rejects.toThrow(/does not balance/);

    expect(await transfers.get('payout-1')).toMatchObject({ state: 'PLANNED', signed: null });
  });

  it('refuses to change signed bytes, even by hand', async () => {
    await transfers.plan(aPayout());
    await transfers.markSigned('payout-1', aSignedTx(), null);

    await expect(treasury.dataSource.query(`UPDATE transfers SET raw = '0xforged'`)).rejects.toThrow(
      /signed transaction cannot change/,
    );
  });

  it('moves SIGNED → BROADCAST → CONFIRMED only forwards', async () => {
    await transfers.plan(aPayout());
    expect(await transfers.markBroadcast('payout-1')).toBeNull(); // not signed yet
    await transfers.markSigned('payout-1', aSignedTx(), null);

    expect(await transfers.markBroadcast('payout-1')).toMatchObject({ state: 'BROADCAST' });
    expect(await transfers.markBroadcast('payout-1')).toBeNull();
    expect(
      await transfers.recordConfirmations('payout-1', { confirmations: 3, confirmed: false }),
    ).toMatchObject({ confirmations: 3 });
    expect(
      await transfers.recordConfirmations('payout-1', { confirmations: 2, confirmed: false }),
    ).toBeNull();
    expect(
      await transfers.recordConfirmations('payout-1', { confirmations: 12, confirmed: true }),
    ).toMatchObject({
      state: 'CONFIRMED',
      confirmations: 12,
    });
    expect(await transfers.fail('payout-1', { from: 'BROADCAST', reason: 'late' })).toBeNull();
  });

  it('lists unbroadcast transfers, and due planned ones, oldest first', async () => {
    await transfers.plan(aPayout({ id: 'a' }));
    await transfers.plan(aPayout({ id: 'b' }));
    await transfers.plan(aPayout({ id: 'c', network: 'BTC', currency: 'BTC' }));
    await transfers.plan(aPayout({ id: 'd' }));
    await transfers.plan(aPayout({ id: 'e' }));
    await transfers.postpone('a', { state: 'PLANNED', until: T + 5000 });

    const next = async (now: number, limit: number) => {
      const { unbroadcast, planned } = await transfers.nextToSend('ETH', { now, limit });
      return { unbroadcast: unbroadcast.map((t) => t.id), planned: planned.map((t) => t.id) };
    };
    expect(await next(T, 10)).toEqual({ unbroadcast: [], planned: ['b', 'd', 'e'] });
    expect(await next(T + 5000, 2)).toEqual({ unbroadcast: [], planned: ['a', 'b'] });

    await transfers.markSigned('e', aSignedTx(), null);
    await transfers.markSigned('d', aSignedTx({ txid: '0xddd', raw: '0xd' }), null);
    expect(await next(T, 10)).toEqual({ unbroadcast: ['d', 'e'], planned: ['b'] });
    expect(await next(T, 1)).toEqual({ unbroadcast: ['d'], planned: ['b'] });
    expect(await transfers.get('a')).toMatchObject({ attempts: 1, nextAttemptAt: T + 5000 });
  });

  it('stores a batch of signatures all together, or none if one was signed meanwhile', async () => {
    for (const id of ['p1', 'p2', 'p3']) await transfers.plan(aPayout({ id }));
    const signing = (id: string) => ({ id, tx: aSignedTx({ txid: `0x${id}`, raw: `0x${id}` }), batch: null });
    await transfers.markSigned('p3', aSignedTx({ txid: '0xearlier', raw: '0xearlier' }), null);

    const refused = [{ ...signing('p1'), batch: payoutBatch }, signing('p2'), signing('p3')];
    expect(await transfers.markSignedAll(refused)).toBeNull();
    expect((await transfers.get('p1')).state).toBe('PLANNED');
    expect(await ledger.entriesOfSwap('AbCdEfGhIj')).toEqual([]);
    const booked = { ...signing('p1'), batch: payoutBatch };
    // Returned as stored, in the order given.
    expect(await transfers.markSignedAll([booked, signing('p2')])).toMatchObject([
      { id: 'p1', state: 'SIGNED', signed: { txid: '0xp1' } },
      { id: 'p2', state: 'SIGNED', signed: { txid: '0xp2' } },
    ]);
    expect((await transfers.get('p1')).state).toBe('SIGNED');
    expect((await transfers.get('p2')).signed).toMatchObject({
      txid: '0xp2',
      raw: '0xp2',
      fee: 21_000_000_000_000n,
    });
    expect((await ledger.entriesOfSwap('AbCdEfGhIj')).map((e) => e.batch)).toEqual([
      'transfer:payout-1',
      'transfer:payout-1',
    ]);
    expect((await transfers.get('p3')).signed).toMatchObject({ txid: '0xearlier' });
  });

  it('lets one of two batches racing for a transfer sign it, and stores nothing of the other', async () => {
    const batch = (id: string): LedgerBatch => ({ ...payoutBatch, key: `transfer:${id}` });
    const signing = (id: string, by: string) => ({
      id,
      tx: aSignedTx({ txid: `0x${by}${id}`, raw: `0x${by}${id}` }),
      batch: batch(`${by}${id}`),
    });
    for (let round = 0; round < 10; round++) {
      await treasury.reset();
      for (const id of ['p1', 'p2', 'p3']) await transfers.plan(aPayout({ id }));

      // Two connections at once: a over p1 and p2, b over p2 and p3.
      const [a, b] = await Promise.all([
        transfers.markSignedAll([signing('p1', 'a'), signing('p2', 'a')]),
        transfers.markSignedAll([signing('p2', 'b'), signing('p3', 'b')]),
      ]);

      expect([a, b].filter((stored) => stored !== null)).toHaveLength(1);
      const [winner, loserOnly] = a ? ['a', 'p3'] : ['b', 'p1'];
      expect((await transfers.get('p2')).signed?.txid).toBe(`0x${winner}p2`);
      expect((await transfers.get(loserOnly)).state).toBe('PLANNED');
      const booked = new Set((await ledger.entriesOfSwap('AbCdEfGhIj')).map((e) => e.batch));
      expect([...booked].sort()).toEqual(
        winner === 'a' ? ['transfer:ap1', 'transfer:ap2'] : ['transfer:bp2', 'transfer:bp3'],
      );
    }
  });

  describe('in the same turn (a burst of payout commands)', () => {
    it('plans several transfers with one statement, in the order given, each answered as if alone', async () => {
      await transfers.plan(aPayout({ id: 'payout-0' }));
      const query = jest.spyOn(treasury.dataSource, 'createQueryRunner');

      const [b, again, c] = await Promise.all([
        transfers.plan(aPayout({ id: 'payout-b' })),
        transfers.plan(aPayout({ id: 'payout-0', amount: 1n })),
        transfers.plan(aPayout({ id: 'payout-c', to: '0xc' })),
      ]);

      // The plans, then the existing transfer's read.
      expect(query).toHaveBeenCalledTimes(2);
      query.mockRestore();
      expect([b.created, again.created, c.created]).toEqual([true, false, true]);
      expect(again.transfer).toMatchObject({ id: 'payout-0', amount: aPayout().amount });
      expect(c.transfer).toMatchObject({ id: 'payout-c', to: '0xc', state: 'PLANNED' });
      const { planned } = await transfers.nextToSend(aPayout().network, { now: T, limit: 10 });
      expect(planned.map((t) => t.id)).toEqual(['payout-0', 'payout-b', 'payout-c']);
    });

    it('reads and marks reported several transfers with one statement each', async () => {
      for (const id of ['payout-a', 'payout-b']) {
        await transfers.plan(aPayout({ id }));
        await transfers.markSigned(id, aSignedTx({ txid: `0x${id}` }), null);
      }
      const sent = await transfers.markBroadcastAll(['payout-a', 'payout-b']);
      const query = jest.spyOn(treasury.dataSource, 'createQueryRunner');

      const found = await Promise.all(['payout-a', 'nothing', 'payout-b'].map((id) => transfers.find(id)));
      await Promise.all(sent.map((t) => reports.markReported(t.id, t.version)));

      expect(query).toHaveBeenCalledTimes(2);
      query.mockRestore();
      expect(found.map((t) => t?.id ?? null)).toEqual(['payout-a', null, 'payout-b']);
      expect(await reports.unreported()).toEqual([]);
    });
  });
});
