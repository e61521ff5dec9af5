import type { ChainTransfer } from '@swap/chain';
import type { Network } from '@swap/domain';
import { createDataSource } from '@swap/persistence';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import {
  DepositRepository,
  WATCHER_MIGRATIONS,
  WATCHER_SCHEMA,
  WatchListRepository,
  type WatchedAddress,
} from '@swap/watcher-data';
import type { DataSource } from 'typeorm';
import { watcherSettings } from '../watcher.settings';
import { DepositMatcher } from './deposit-matcher';
import { WatchedAddressFilter } from './watched-address-filter';

const T0_MS = 1_700_000_000_000;
const DAY_SECONDS = 24 * 60 * 60;

const entry = (address: string, overrides: Partial<WatchedAddress> = {}): WatchedAddress => ({
  network: 'LTC',
  address,
  addressKey: address,
  swapId: `swap-${address}`,
  currency: 'LTC',
  status: 'NEW',
  swapVersion: 1,
  endedAt: null,
  registeredAt: T0_MS,
  depositIndex: null,
  ...overrides,
});

const ended = (address: string, daysAgo: number): WatchedAddress =>
  entry(address, { status: 'DONE', swapVersion: 2, endedAt: T0_MS / 1000 - daysAgo * DAY_SECONDS });

const transfer = (to: string, txid: string): ChainTransfer => ({
  txid,
  index: 0,
  currency: 'LTC',
  to,
  amount: 100_000n,
  from: ['ltc1qsender'],
});

/** The repositories with a record of what reached PostgreSQL through the matcher's lookups. */
class CountingWatchList extends WatchListRepository {
  looked: string[][] = [];
  override findWatched(network: Network, keys: string[], endedSince: number): Promise<WatchedAddress[]> {
    this.looked.push(keys);
    return super.findWatched(network, keys, endedSince);
  }
}
class CountingDeposits extends DepositRepository {
  looked: string[][] = [];
  override findByIds(ids: string[]) {
    this.looked.push(ids);
    return super.findByIds(ids);
  }
}

describe('WatchedAddressFilter', () => {
  let db: SchemaDatabase;
  /** Another replica's connection: what it records reaches this one's filter through the database. */
  let replica: DataSource;
  let watchList: WatchListRepository;
  let otherReplica: WatchListRepository;

  beforeAll(async () => {
    db = await openSchemaDatabase({
      schema: WATCHER_SCHEMA,
      migrations: WATCHER_MIGRATIONS,
      tables: ['watched_addresses', 'deposits'],
    });
    replica = await createDataSource({
      url: db.db.url,
      schema: WATCHER_SCHEMA,
      migrations: WATCHER_MIGRATIONS,
    });
    watchList = new WatchListRepository(db.dataSource);
    otherReplica = new WatchListRepository(replica);
  });
  afterAll(async () => {
    if (replica?.isInitialized) await replica.destroy();
    await db?.close();
  });
  beforeEach(async () => {
    await db.reset();
  });

  it("loads the network's watch list page by page, then only what any replica recorded since", async () => {
    const first = ['ltc1qa', 'ltc1qb', 'ltc1qc', 'ltc1qd', 'ltc1qe', 'ltc1qf', 'ltc1qg'];
    for (const address of first) await watchList.record(entry(address));
    await watchList.record(entry('btc1qz', { network: 'BTC', currency: 'BTC' }));
    const filter = new WatchedAddressFilter(watchList, 'LTC', 3);
    await filter.refresh();
    expect(first.filter((key) => filter.mayBeWatched(key))).toEqual(first);
    expect(filter.size).toBe(7);

    await otherReplica.record(entry('ltc1qh'));
    await otherReplica.record(ended('ltc1qa', 400));
    expect(filter.mayBeWatched('ltc1qh')).toBe(false);
    await filter.refresh();

    expect(filter.mayBeWatched('ltc1qh')).toBe(true);
    // Ended long ago, still held: only the database decides what still counts.
    expect(filter.mayBeWatched('ltc1qa')).toBe(true);
    expect(filter.mayBeWatched('btc1qz')).toBe(false);
    expect(filter.size).toBe(8);
  });

  it('lets only the transfers to addresses it may watch reach PostgreSQL, known and late deposits included', async () => {
    const counting = {
      watchList: new CountingWatchList(db.dataSource),
      deposits: new CountingDeposits(db.dataSource),
    };
    await watchList.record(ended('ltc1qlate', 10));
    await watchList.record(ended('ltc1qknown', 400));
    const settings = watcherSettings('LTC', 'ltc1qhotwallet', { retentionDays: 30 });
    const matcher = await DepositMatcher.open(counting.watchList, counting.deposits, settings, () => T0_MS);
    const [known] = await matcher.match([transfer('ltc1qknown', 'aa01')]);
    expect(known).toBeUndefined(); // ended beyond retention, and never seen before
    await counting.deposits.recordMempool([
      {
        id: 'LTC:aa01:0',
        network: 'LTC',
        swapId: 'swap-ltc1qknown',
        address: 'ltc1qknown',
        currency: 'LTC',
        txid: 'aa01',
        index: 0,
        amount: 100_000n,
        requiredConfirmations: 6,
        seenAt: T0_MS,
        spends: [],
      },
    ]);
    counting.watchList.looked = [];
    counting.deposits.looked = [];

    const strangers = Array.from({ length: 500 }, (_, i) => transfer(`ltc1qstranger${i}`, `bb${i}`));
    expect(await matcher.match(strangers)).toEqual([]);
    expect([counting.watchList.looked, counting.deposits.looked]).toEqual([[], []]);

    // Recorded by another replica after the matcher started.
    await otherReplica.record(entry('ltc1qnew'));
    const block = [
      ...strangers,
      transfer('ltc1qknown', 'aa01'),
      transfer('ltc1qlate', 'cc01'),
      transfer('ltc1qnew', 'dd01'),
    ];
    const sightings = await matcher.match(block);

    expect(sightings.map((sighting) => [sighting.id, sighting.swapId])).toEqual([
      ['LTC:aa01:0', 'swap-ltc1qknown'],
      ['LTC:cc01:0', 'swap-ltc1qlate'],
      ['LTC:dd01:0', 'swap-ltc1qnew'],
    ]);
    expect(counting.deposits.looked).toEqual([['LTC:aa01:0', 'LTC:cc01:0', 'LTC:dd01:0']]);
    expect(counting.watchList.looked).toEqual([['ltc1qknown', 'ltc1qlate', 'ltc1qnew']]);
  });
});
