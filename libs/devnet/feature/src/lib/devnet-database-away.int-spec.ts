import type { DataSource } from 'typeorm';
import { DEVNET_MIGRATIONS, DEVNET_SCHEMA, DevnetRepository, type DevnetChange } from '@swap/devnet-data';
import { CURRENCY_CODES, NETWORKS, type CurrencyCode, type Network } from '@swap/domain';
import { quietLogger } from '@swap/domain/testing';
import { createDataSource } from '@swap/persistence';
import { createTestDatabase, type TestDatabase } from '@swap/testing';
import { key, testUnixSeconds, units } from '../test/chain-fixtures';
import { Devnet } from './devnet';
import { DEFAULT_FUNDING } from './devnet-params';

/** The devnet's repository with PostgreSQL taken away at will: every read and write then fails. */
class AwayRepository extends DevnetRepository {
  away = false;

  override async save(change: DevnetChange): Promise<void> {
    if (this.away) throw new Error('connect ECONNREFUSED');
    return super.save(change);
  }

  override async load(network: Network, recentBlocks: number) {
    if (this.away) throw new Error('connect ECONNREFUSED');
    return super.load(network, recentBlocks);
  }
}

const FUNDING = Object.fromEntries(CURRENCY_CODES.map((c) => [c, units(c, DEFAULT_FUNDING[c])])) as Record<
  CurrencyCode,
  bigint
>;
const quiet = quietLogger();

describe('Devnet service: PostgreSQL away', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await createDataSource({
      url: db.url,
      schema: DEVNET_SCHEMA,
      migrations: DEVNET_MIGRATIONS,
    });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('never answers from a chain ahead of its database when a block could not be saved', async () => {
    const repository = new AwayRepository(dataSource);
    const options = {
      account: (network: Network, index: number) => key(network, index).address,
      funding: FUNDING,
      unixSeconds: testUnixSeconds(),
      logger: quiet,
    };
    const devnet = await Devnet.open(repository, options);
    const to = key('ETH', 3).address;
    const txid = await devnet.deposit('ETH', to, '2');
    const tip = devnet.tip('ETH');

    repository.away = true;
    await expect(devnet.mine('ETH', 1)).rejects.toThrow('ECONNREFUSED');
    // The block exists only in memory: nothing may be answered from it.
    expect(() => devnet.transaction('ETH', txid)).toThrow(expect.objectContaining({ code: 'UNAVAILABLE' }));
    expect(() => devnet.tip('ETH')).toThrow(expect.objectContaining({ code: 'UNAVAILABLE' }));
    expect(devnet.tip('BTC')).toEqual(expect.objectContaining({ height: 0 }));

    repository.away = false;
    const deadline = Date.now() + 5_000;
    while (!readable(() => devnet.tip('ETH')) && Date.now() < deadline) await sleep(50);
    expect(devnet.tip('ETH')).toEqual(tip);
    expect(devnet.transaction('ETH', txid)).toEqual({ state: 'mempool' });

    await devnet.mine('ETH', 1);
    expect(devnet.transaction('ETH', txid)).toMatchObject({ state: 'confirmed' });
    const reopened = await Devnet.open(repository, options);
    expect(reopened.transaction('ETH', txid)).toEqual(devnet.transaction('ETH', txid));
    expect(NETWORKS.map((n) => reopened.tip(n))).toEqual(NETWORKS.map((n) => devnet.tip(n)));
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readable(read: () => unknown): boolean {
  try {
    read();
    return true;
  } catch {
    return false;
  }
}
