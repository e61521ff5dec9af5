import { openWatcherDb, type WatcherDb } from '../test/watcher-db';
import type { WatchedAddress } from './watched-address';
import { WatchListRepository } from './watch-list.repository';

const entry = (address: string, overrides: Partial<WatchedAddress> = {}): WatchedAddress => ({
  network: 'LTC',
  address,
  addressKey: address,
  swapId: `swap-${address}`,
  currency: 'LTC',
  status: 'NEW',
  swapVersion: 1,
  endedAt: null,
  ...overrides,
});

describe('WatchListRepository', () => {
  let db: WatcherDb;
  let watchList: WatchListRepository;

  beforeAll(async () => {
    db = await openWatcherDb();
    watchList = new WatchListRepository(db.dataSource);
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await db.reset();
  });

  it('marks new entries for a rescan until told they were rescanned', async () => {
    await watchList.record(entry('ltc1qa'));
    await watchList.record(entry('ltc1qb'));
    await watchList.record(entry('btc1qc', { network: 'BTC', currency: 'BTC' }));
    expect(await watchList.awaitingRescan('LTC')).toEqual(['ltc1qa', 'ltc1qb']);

    await watchList.markRescanned('LTC', ['ltc1qa']);
    // A later version of a known swap is no new address.
    expect(await watchList.record(entry('ltc1qa', { status: 'EXPIRED', swapVersion: 2 }))).toBe(true);

    expect(await watchList.awaitingRescan('LTC')).toEqual(['ltc1qb']);
    expect(await watchList.awaitingRescan('BTC')).toEqual(['btc1qc']);
    expect(await watchList.find('LTC', 'ltc1qa')).toMatchObject({ status: 'EXPIRED', swapVersion: 2 });
  });
});
