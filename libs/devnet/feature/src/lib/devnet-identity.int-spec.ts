import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  ChainIdentityMismatch,
  createChainIdentitiesTable,
  dropChainIdentitiesTable,
  DevnetReader,
  PinnedChain,
  SqlChainIdentityPins,
} from '@swap/chain';
import type { Network } from '@swap/domain';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { DevnetHarness } from '../test/devnet-harness';

class ChainIdentities1766200000000 implements MigrationInterface {
  name = 'ChainIdentities1766200000000';
  async up(q: QueryRunner): Promise<void> {
    await createChainIdentitiesTable(q);
  }
  async down(q: QueryRunner): Promise<void> {
    await dropChainIdentitiesTable(q);
  }
}

const LTC_MAINNET = 'genesis 12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2';

// A devnet's chains have an identity of their own (block 0, salted when the devnet creates them):
// a service's database pinned to one devnet, or to a real node, refuses another.
describe('devnet chain identity', () => {
  let first: DevnetHarness;
  let second: DevnetHarness;
  let db: SchemaDatabase;
  let pins: SqlChainIdentityPins;

  beforeAll(async () => {
    [first, second, db] = await Promise.all([
      DevnetHarness.open(),
      DevnetHarness.open(),
      openSchemaDatabase({
        schema: 'pins',
        migrations: [ChainIdentities1766200000000],
        tables: ['chain_identities'],
      }),
    ]);
    pins = new SqlChainIdentityPins(db.dataSource);
  });
  beforeEach(() => db.reset());
  afterAll(() => Promise.all([first?.close(), second?.close(), db?.close()]));

  const guarded = (network: Network, reader: DevnetReader) => {
    const mismatches: ChainIdentityMismatch[] = [];
    const chain = new PinnedChain(network, reader, { pins, onMismatch: (m) => mismatches.push(m) });
    return { chain, mismatches, reader: chain.reader(reader) };
  };

  it('is block 0 of each network, kept across a restart of the devnet, and pinned at first start', async () => {
    const btc = new DevnetReader(first.bus, 'BTC');
    const identity = await btc.identity();
    expect(identity).toMatch(/^devnet, block 0 [0-9a-f]{64}$/);
    expect(await new DevnetReader(first.bus, 'ETH').identity()).not.toBe(identity);
    await first.restart();
    expect(await btc.identity()).toBe(identity);
    const { chain, mismatches, reader } = guarded('BTC', btc);
    await chain.checkAtStart();
    await expect(reader.tip()).resolves.toMatchObject({ height: expect.any(Number) });
    expect(mismatches).toEqual([]);
  });

  it('refuses a devnet created anew, naming both identities', async () => {
    const pinned = await new DevnetReader(first.bus, 'LTC').identity();
    await guarded('LTC', new DevnetReader(first.bus, 'LTC')).chain.checkAtStart();
    const other = new DevnetReader(second.bus, 'LTC');
    const found = await other.identity();
    expect(found).not.toBe(pinned);
    const { chain, mismatches, reader } = guarded('LTC', other);
    await expect(chain.checkAtStart()).rejects.toBeInstanceOf(ChainIdentityMismatch);
    expect(mismatches).toHaveLength(1);
    const [mismatch] = mismatches;
    expect(mismatch.message).toContain(`"${pinned}"`);
    expect(mismatch.message).toContain(`but the devnet is on "${found}"`);
    expect(mismatch.message).toContain('the devnet was created anew since');
    expect(mismatch.message).toContain('delete .data/');
    await expect(reader.mempool()).rejects.toBe(mismatch);
  });

  it('refuses the devnet where the database was pinned to a real node (LTC_RPC_URL unset by mistake)', async () => {
    await pins.pin('LTC', LTC_MAINNET);
    const { chain, mismatches, reader } = guarded('LTC', new DevnetReader(first.bus, 'LTC'));
    await expect(chain.checkAtStart()).rejects.toBeInstanceOf(ChainIdentityMismatch);
    expect(mismatches[0].message).toContain('point LTC_RPC_URL at a node of that chain');
    await expect(reader.transaction('00'.repeat(32))).rejects.toBe(mismatches[0]);
  });

  it('checks a devnet that does not answer yet before its first use', async () => {
    await pins.pin('XMR', await new DevnetReader(second.bus, 'XMR').identity());
    const reader = new DevnetReader(first.bus, 'XMR', { timeoutMs: 500 });
    await first.stop();
    const { chain, mismatches, reader: guardedReader } = guarded('XMR', reader);
    await expect(chain.checkAtStart()).resolves.toBeUndefined();
    expect(mismatches).toEqual([]);
    await first.start();
    await expect(guardedReader.tip()).rejects.toBeInstanceOf(ChainIdentityMismatch);
    expect(mismatches).toHaveLength(1);
  });
});
