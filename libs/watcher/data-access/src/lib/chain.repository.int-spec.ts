import { openWatcherDb, type WatcherDb } from '../test/watcher-db';
import { ChainRepository, StaleCursorError, type BlockRetention } from './chain.repository';
import type { DepositSighting } from './deposit';
import { DepositRepository } from './deposit.repository';

const sighting = (txid: string): DepositSighting => ({
  id: `BTC:${txid}:0`,
  network: 'BTC',
  swapId: 'AbCdEfGhIj',
  address: 'bc1qdeposit',
  currency: 'BTC',
  txid,
  index: 0,
  amount: 2n ** 70n,
  requiredConfirmations: 1,
  seenAt: 1_700_000_000_000,
  spends: [],
});

const block = (height: number, fork = 'a') => ({
  height,
  hash: `${fork}${height}`,
  parentHash: `a${height - 1}`,
});

let clock = 0;
/** Each block processed a millisecond after the last, kept by depth only (no time window). */
const byDepth = (keepBlocks: number): BlockRetention => {
  clock += 1;
  return { processedAt: clock, keepBlocks, keepSince: clock };
};

describe('ChainRepository', () => {
  let db: WatcherDb;
  let chain: ChainRepository;
  let deposits: DepositRepository;

  beforeAll(async () => {
    db = await openWatcherDb();
    chain = new ChainRepository(db.dataSource);
    deposits = new DepositRepository(db.dataSource);
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await db.reset();
  });

  it('moves the cursor only from where the caller read it', async () => {
    await chain.advance('BTC', null, block(10), [], byDepth(5));
    await chain.advance('BTC', block(10), block(11), [], byDepth(5));

    // A second follower that still believes the cursor is at 10.
    await expect(chain.advance('BTC', block(10), block(11, 'b'), [], byDepth(5))).rejects.toThrow(
      StaleCursorError,
    );
    await expect(chain.advance('BTC', null, block(11, 'b'), [], byDepth(5))).rejects.toThrow(
      StaleCursorError,
    );
    await expect(chain.rewind('BTC', block(10), null)).rejects.toThrow(StaleCursorError);
    expect(await chain.cursor('BTC')).toEqual({ height: 11, hash: 'a11' });
    expect(await chain.cursor('LTC')).toBeNull();
  });

  it('records deposits found late in a kept block, only while the cursor has not moved', async () => {
    await chain.advance('BTC', null, block(10), [], byDepth(3));
    await chain.advance('BTC', block(10), block(11), [], byDepth(3));

    await chain.recordInKeptBlock('BTC', block(11), block(10), [sighting('t10')]);
    // Found again: the same row, reports kept.
    const reported = { id: 'BTC:t10:0', state: 'block', blockHash: 'a10' } as const;
    await deposits.markReported(reported, { confirmations: 2, publishedId: 'told', settled: true });
    await chain.recordInKeptBlock('BTC', block(11), block(10), [sighting('t10')]);
    expect(await deposits.find('BTC:t10:0')).toMatchObject({
      state: 'block',
      blockHeight: 10,
      blockHash: 'a10',
      publishedId: 'told',
      settled: true,
    });

    await chain.advance('BTC', block(11), block(12), [], byDepth(3));
    await expect(chain.recordInKeptBlock('BTC', block(11), block(10), [sighting('t9')])).rejects.toThrow(
      StaleCursorError,
    );
    await expect(chain.recordInKeptBlock('BTC', block(12), block(10, 'b'), [sighting('t9')])).rejects.toThrow(
      StaleCursorError,
    );
    expect(await deposits.find('BTC:t9:0')).toBeNull();
  });

  it('keeps the last blocks only, and rewinds by orphaning the deposits above the ancestor', async () => {
    await chain.advance('BTC', null, block(10), [sighting('t10')], byDepth(3));
    await chain.advance('BTC', block(10), block(11), [], byDepth(3));
    await chain.advance('BTC', block(11), block(12), [sighting('t12')], byDepth(3));
    await chain.advance('BTC', block(12), block(13), [], byDepth(3));
    expect([...(await chain.recentBlocks('BTC')).keys()].sort()).toEqual([11, 12, 13]);

    expect(await chain.rewind('BTC', block(13), block(11))).toBe(1);

    expect(await chain.cursor('BTC')).toEqual({ height: 11, hash: 'a11' });
    expect([...(await chain.recentBlocks('BTC')).keys()]).toEqual([11]);
    expect(await deposits.find('BTC:t12:0')).toMatchObject({ state: 'orphaned', blockHeight: null });
    expect(await deposits.find('BTC:t10:0')).toMatchObject({
      state: 'block',
      blockHeight: 10,
      amount: 2n ** 70n,
    });
  });

  it('keeps blocks processed within the window however deep, and finds the first processed since a time', async () => {
    const at = (processedAt: number): BlockRetention => ({
      processedAt,
      keepBlocks: 2,
      keepSince: processedAt - 100,
    });
    await chain.advance('BTC', null, block(10), [], at(1000));
    await chain.advance('BTC', block(10), block(11), [], at(1050));
    await chain.advance('BTC', block(11), block(12), [], at(1100));
    await chain.advance('BTC', block(12), block(13), [], at(1120));
    // 10 is two deep and processed before 1020: forgotten. 11 is deeper, but within the window.
    expect([...(await chain.recentBlocks('BTC')).keys()].sort()).toEqual([11, 12, 13]);

    expect(await chain.keptSince('BTC', 1060)).toEqual({
      first: 12,
      lowest: { height: 11, processedAt: 1050 },
    });
    expect(await chain.keptSince('BTC', 2000)).toEqual({
      first: null,
      lowest: { height: 11, processedAt: 1050 },
    });
    expect(await chain.keptSince('LTC', 0)).toBeNull();
    expect(await chain.keptBlocks('BTC', 0, 12, 10)).toEqual([
      { height: 11, hash: 'a11' },
      { height: 12, hash: 'a12' },
    ]);
    expect(await chain.keptBlocks('BTC', 12, 13, 1)).toEqual([{ height: 12, hash: 'a12' }]);

    // A rewind forgets the blocks above; processed again, they count as processed anew.
    await chain.rewind('BTC', block(13), block(11));
    await chain.advance('BTC', block(11), block(12, 'b'), [], at(1200));
    expect(await chain.keptSince('BTC', 1110)).toEqual({
      first: 12,
      lowest: { height: 11, processedAt: 1050 },
    });
  });

  it('leaves a deposit alone when it changed since a verdict or a report was made on it', async () => {
    await deposits.recordMempool([sighting('t1')]);
    const seen = (await deposits.find('BTC:t1:0'))!;
    // Mined meanwhile, by the follower that took over the lease.
    await chain.advance('BTC', null, block(10), [sighting('t1')], byDepth(3));

    // The old follower's verdict and report, made on the mempool state it read.
    await deposits.setUnmined(seen.id, seen.state, 'reverted', null);
    await deposits.markReported(seen, { confirmations: 0, publishedId: 'stale', settled: true });

    expect(await deposits.find('BTC:t1:0')).toMatchObject({
      state: 'block',
      blockHash: 'a10',
      publishedId: null,
      settled: false,
    });
  });
});
