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
  registeredAt: 1_700_000_000_000,
  depositIndex: null,
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
    await watchList.record(entry('ltc1qold', { registeredAt: null }));
    const pending = (addressKey: string, registeredAt: number | null, rescanFrom: number | null = null) => ({
      addressKey,
      registeredAt,
      rescanFrom,
    });
    expect(await watchList.awaitingRescan('LTC')).toEqual([
      pending('ltc1qa', 1_700_000_000_000),
      pending('ltc1qb', 1_700_000_000_000),
      pending('ltc1qold', null),
    ]);

    // A rescan that read part of the blocks goes on from where it stopped.
    await watchList.rescanFrom('LTC', ['ltc1qa', 'ltc1qb'], 120);
    expect((await watchList.awaitingRescan('LTC'))[1]).toEqual(pending('ltc1qb', 1_700_000_000_000, 120));

    await watchList.markRescanned('LTC', ['ltc1qa', 'ltc1qold']);
    // A later version of a known swap is no new address.
    expect(await watchList.record(entry('ltc1qa', { status: 'EXPIRED', swapVersion: 2 }))).toBe(true);

    expect(await watchList.awaitingRescan('LTC')).toEqual([pending('ltc1qb', 1_700_000_000_000, 120)]);
    expect(await watchList.awaitingRescan('BTC')).toEqual([pending('btc1qc', 1_700_000_000_000)]);
    expect(await watchList.find('LTC', 'ltc1qa')).toMatchObject({ status: 'EXPIRED', swapVersion: 2 });
  });

  it('knows the highest deposit index of a network', async () => {
    expect(await watchList.highestDepositIndex('LTC')).toBeNull();
    await watchList.record(entry('ltc1qa', { depositIndex: 7 }));
    await watchList.record(entry('ltc1qb', { depositIndex: 20_001 }));
    await watchList.record(entry('ltc1qc'));
    await watchList.record(entry('btc1qd', { network: 'BTC', currency: 'BTC', depositIndex: 90_000 }));

    expect(await watchList.highestDepositIndex('LTC')).toBe(20_001);
  });

  it("pages through one network's keys in the order first recorded, ended swaps included", async () => {
    for (const address of ['ltc1qc', 'ltc1qa', 'ltc1qd', 'ltc1qb', 'ltc1qe'])
      await watchList.record(entry(address));
    await watchList.record(entry('btc1qx', { network: 'BTC', currency: 'BTC' }));
    // A later version (the swap ended) is no new entry.
    await watchList.record(entry('ltc1qc', { status: 'DONE', swapVersion: 2, endedAt: 1_700_000_000 }));

    const first = await watchList.keysAfter('LTC', 0, 2);
    const second = await watchList.keysAfter('LTC', first.lastSeq, 2);
    const third = await watchList.keysAfter('LTC', second.lastSeq, 2);
    const after = await watchList.keysAfter('LTC', third.lastSeq, 2);

    expect([first.keys, second.keys, third.keys]).toEqual([
      ['ltc1qc', 'ltc1qa'],
      ['ltc1qd', 'ltc1qb'],
      ['ltc1qe'],
    ]);
    expect(after).toEqual({ keys: [], lastSeq: third.lastSeq });
    expect((await watchList.keysAfter('BTC', 0, 10)).keys).toEqual(['btc1qx']);
  });

  it('waits for an insert in flight, so an entry committed late is never skipped', async () => {
    // A replica's insert draws its seq, then commits after a later insert of another replica.
    const slow = db.dataSource.createQueryRunner();
    await slow.connect();
    try {
      await slow.startTransaction();
      await slow.query(
        `INSERT INTO watched_addresses (network, address_key, address, swap_id, currency, status, swap_version)
         VALUES ('LTC', 'ltc1qslow', 'ltc1qslow', 'swap-slow', 'LTC', 'NEW', 1)`,
      );
      await watchList.record(entry('ltc1qfast'));

      const page = watchList.keysAfter('LTC', 0, 10);
      const settled = await Promise.race([page.then(() => 'answered'), delay(300).then(() => 'waiting')]);
      await slow.commitTransaction();

      expect(settled).toBe('waiting');
      expect((await page).keys).toEqual(['ltc1qslow', 'ltc1qfast']);
    } finally {
      await slow.release();
    }
  });
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
