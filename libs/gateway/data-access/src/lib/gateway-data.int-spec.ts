import type { DataSource } from 'typeorm';
import { createDataSource } from '@swap/persistence';
import { createTestDatabase, swapSnapshotFixture, type TestDatabase } from '@swap/testing';
import { ApiKeyRepository, ApiKeyRow } from './api-key.repository';
import { GATEWAY_ENTITIES, GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from './gateway.schema';
import { PageSwapRepository } from './page-swap.repository';
import { RecentSwapViews } from './recent-swap-views';
import { SwapViewRepository } from './swap-view.repository';
import { SwapViews } from './swap-views';

const keyRow = (key: string, overrides: Partial<ApiKeyRow> = {}): ApiKeyRow => ({
  key,
  label: 'shop',
  secretEnc: 'v1:x:y:z',
  fixedRateEnabled: true,
  dryrunEnabled: false,
  autoExecuteOnMismatch: false,
  ipWhitelist: ['203.0.113.0/24', '2001:db8::/32'],
  partnerPercent: '0.5',
  feeShare: '0',
  rateLimit: 30,
  disabled: false,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

describe('gateway data access on PostgreSQL', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource({
      url: db.url,
      schema: GATEWAY_SCHEMA,
      entities: GATEWAY_ENTITIES,
      migrations: GATEWAY_MIGRATIONS,
    });
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  describe('ApiKeyRepository', () => {
    it('stores, finds, lists in creation order and disables keys', async () => {
      const keys = new ApiKeyRepository(ds);
      await keys.insert(keyRow('ak_second', { createdAt: new Date('2026-01-02T00:00:00Z') }));
      await keys.insert(keyRow('ak_first'));

      const found = await keys.find('ak_first');
      expect(found).toMatchObject({
        key: 'ak_first',
        ipWhitelist: ['203.0.113.0/24', '2001:db8::/32'],
        partnerPercent: '0.500', // numeric(6,3), exact
        rateLimit: 30,
        disabled: false,
      });
      expect((await keys.list()).map((k) => k.key)).toEqual(['ak_first', 'ak_second']);
      expect((await keys.setDisabled('ak_first', true))?.disabled).toBe(true);
      expect((await keys.find('ak_first'))?.disabled).toBe(true);
      expect(await keys.setDisabled('ak_missing', true)).toBeNull();
      expect(await keys.find('ak_missing')).toBeNull();
    });

    it('sets an agreement, and holds a key to one of the two (D19)', async () => {
      const keys = new ApiKeyRepository(ds);
      await keys.insert(keyRow('ak_agreement'));
      const set = await keys.setAgreement('ak_agreement', { partnerPercent: '0', feeShare: '30' });
      expect(set).toMatchObject({ partnerPercent: '0.000', feeShare: '30.000' });
      expect(await keys.setAgreement('ak_missing', { partnerPercent: '0', feeShare: '1' })).toBeNull();
      await expect(
        keys.setAgreement('ak_agreement', { partnerPercent: '0.1', feeShare: '30' }),
      ).rejects.toThrow(/api_keys_one_agreement/);
      await expect(keys.insert(keyRow('ak_both', { feeShare: '1' }))).rejects.toThrow(
        /api_keys_one_agreement/,
      );
      await expect(
        keys.setAgreement('ak_agreement', { partnerPercent: '0', feeShare: '100.5' }),
      ).rejects.toThrow();
    });

    it('refuses a second key with the same id', async () => {
      const keys = new ApiKeyRepository(ds);
      await keys.insert(keyRow('ak_dup'));
      await expect(keys.insert(keyRow('ak_dup'))).rejects.toThrow();
    });
  });

  describe('SwapViewRepository (the read model)', () => {
    it('keeps the newest version whatever order the events arrive in', async () => {
      const views = new SwapViewRepository(ds);
      const id = 'ViewOrder1';
      await views.upsert(swapSnapshotFixture({ id, version: 2, status: 'CONFIRMING' }));
      await views.upsert(swapSnapshotFixture({ id, version: 1, status: 'PENDING' })); // late
      expect((await views.find(id))?.status).toBe('CONFIRMING');
      await views.upsert(swapSnapshotFixture({ id, version: 3, status: 'EXCHANGING' }));
      expect((await views.find(id))?.status).toBe('EXCHANGING');
      await views.upsert(swapSnapshotFixture({ id, version: 3, status: 'DONE' })); // same version twice
      expect((await views.find(id))?.status).toBe('EXCHANGING');
    });

    it('writes the updates of one turn with one statement, each swap keeping its newest version', async () => {
      const views = new SwapViewRepository(ds);
      await views.upsert(swapSnapshotFixture({ id: 'Upsert0001', version: 5, status: 'SENDING' }));
      const query = jest.spyOn(ds, 'createQueryRunner');
      await Promise.all([
        views.upsert(swapSnapshotFixture({ id: 'Upsert0001', version: 4, status: 'EXCHANGING' })), // late
        views.upsert(swapSnapshotFixture({ id: 'Upsert0002', version: 1, status: 'NEW' })),
        views.upsert(swapSnapshotFixture({ id: 'Upsert0003', version: 2, status: 'PENDING' })),
      ]);
      expect(query).toHaveBeenCalledTimes(1);
      query.mockRestore();
      const found = await Promise.all(['Upsert0001', 'Upsert0002', 'Upsert0003'].map((id) => views.find(id)));
      expect(found.map((view) => [view?.version, view?.status])).toEqual([
        [5, 'SENDING'],
        [1, 'NEW'],
        [2, 'PENDING'],
      ]);
    });

    it('answers lookups made together with one query each their own row, and null for unknown ids', async () => {
      const views = new SwapViewRepository(ds);
      for (const n of [1, 2, 3])
        await views.upsert(swapSnapshotFixture({ id: `Batch00000${n}`, version: n }));
      const typeorm = jest.spyOn(ds, 'query'); // lookups are one prepared statement, not TypeORM's query
      const statements = jest.spyOn(ds, 'createQueryRunner');
      const [a, b, missing, c, again] = await Promise.all([
        views.find('Batch000001'),
        views.find('Batch000002'),
        views.find('Nothing000'),
        views.find('Batch000003'),
        views.find('Batch000001'),
      ]);
      expect([a?.version, b?.version, missing, c?.version, again?.version]).toEqual([1, 2, null, 3, 1]);
      expect(typeorm).not.toHaveBeenCalled();
      expect(statements).toHaveBeenCalledTimes(1);
      typeorm.mockRestore();
      statements.mockRestore();
    });

    it('sees a row written after an earlier lookup (nothing is cached)', async () => {
      const views = new SwapViewRepository(ds);
      expect(await views.find('LateRow000')).toBeNull();
      await views.upsert(swapSnapshotFixture({ id: 'LateRow000' }));
      expect((await views.find('LateRow000'))?.id).toBe('LateRow000');
    });
  });

  describe('SwapViews (memory in front of the read model)', () => {
    it('answers a swap it saw updated from memory, any other from PostgreSQL', async () => {
      const stored = new SwapViewRepository(ds);
      const views = new SwapViews(stored, new RecentSwapViews(100));
      views.recent.live();
      await stored.upsert(swapSnapshotFixture({ id: 'Stored0000', version: 1 }));
      views.recent.next(swapSnapshotFixture({ id: 'Live000000', version: 5 }));

      const statements = jest.spyOn(ds, 'createQueryRunner');
      expect((await views.find('Live000000'))?.version).toBe(5); // never stored: memory alone
      expect(statements).not.toHaveBeenCalled();
      expect((await views.find('Stored0000'))?.version).toBe(1);
      expect(statements).toHaveBeenCalledTimes(1);
      statements.mockRestore();
    });

    it("stores the engine's answer and remembers it; a gap sends lookups back to PostgreSQL", async () => {
      const views = new SwapViews(new SwapViewRepository(ds), new RecentSwapViews(100));
      views.recent.live();
      const answer = swapSnapshotFixture({ id: 'Recorded00', version: 2, status: 'NEW' });
      expect(await views.recordChange(answer, views.markChange())).toBe(answer);
      views.recent.next(swapSnapshotFixture({ id: 'Recorded00', version: 3, status: 'PENDING' }));
      expect((await views.find('Recorded00'))?.status).toBe('PENDING');
      views.recent.gap();
      expect((await views.find('Recorded00'))?.status).toBe('NEW'); // what PostgreSQL holds
    });

    it('does not remember an answer asked for before a gap, only stores it', async () => {
      const views = new SwapViews(new SwapViewRepository(ds), new RecentSwapViews(100));
      views.recent.live();
      const mark = views.markChange();
      // The connection drops and comes back while the engine works: an event published in
      // between may have been missed, so the answer could be older than what is current.
      views.recent.gap();
      views.recent.live();
      await views.recordChange(swapSnapshotFixture({ id: 'AcrossGap0', version: 2 }), mark);
      expect(views.recent.get('AcrossGap0')).toBeUndefined();
      expect((await views.find('AcrossGap0'))?.version).toBe(2);
    });
  });

  describe("PageSwapRepository (the swap page's open swaps per client, D19)", () => {
    let pageSwaps: PageSwapRepository;
    let views: SwapViewRepository;
    beforeAll(() => {
      pageSwaps = new PageSwapRepository(ds);
      views = new SwapViewRepository(ds);
    });

    it("counts a client's page swaps the read model still has as NEW, and nobody else's", async () => {
      await views.upsert(swapSnapshotFixture({ id: 'PageSwap01', version: 1, status: 'NEW' }));
      await views.upsert(swapSnapshotFixture({ id: 'PageSwap02', version: 1, status: 'NEW' }));
      await views.upsert(swapSnapshotFixture({ id: 'PageSwap03', version: 1, status: 'NEW' }));
      await views.upsert(swapSnapshotFixture({ id: 'ApiSwap001', version: 1, status: 'NEW' })); // not from the page
      await pageSwaps.record('PageSwap01', 'client-a');
      await pageSwaps.record('PageSwap02', 'client-a');
      await pageSwaps.record('PageSwap03', 'client-b');
      await pageSwaps.record('PageSwap01', 'client-b'); // recorded once: the first client keeps it
      expect(await pageSwaps.countOpen('client-a', 7200)).toBe(2);
      expect(await pageSwaps.countOpen('client-b', 7200)).toBe(1);
      expect(await pageSwaps.countOpen('client-c', 7200)).toBe(0);

      // Paid (PENDING) or expired, a swap is no longer open: the events move the read model on.
      await views.upsert(swapSnapshotFixture({ id: 'PageSwap01', version: 2, status: 'PENDING' }));
      await views.upsert(swapSnapshotFixture({ id: 'PageSwap03', version: 2, status: 'EXPIRED' }));
      expect(await pageSwaps.countOpen('client-a', 7200)).toBe(1);
      expect(await pageSwaps.countOpen('client-b', 7200)).toBe(0);
    });

    it('ignores rows older than the window (a swap cannot be NEW that long), and keeps no IP', async () => {
      await views.upsert(swapSnapshotFixture({ id: 'PageSwap04', version: 1, status: 'NEW' }));
      await pageSwaps.record('PageSwap04', 'client-d');
      await ds.query(
        `UPDATE page_swaps SET created_at = now() - interval '3 hours' WHERE swap_id = 'PageSwap04'`,
      );
      expect(await pageSwaps.countOpen('client-d', 7200)).toBe(0);
      expect(await pageSwaps.countOpen('client-d', 4 * 3600)).toBe(1);
      const columns = await ds.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'page_swaps' ORDER BY ordinal_position`,
      );
      expect(columns.map((c: { column_name: string }) => c.column_name)).toEqual([
        'swap_id',
        'client',
        'created_at',
      ]);
    });
  });
});
