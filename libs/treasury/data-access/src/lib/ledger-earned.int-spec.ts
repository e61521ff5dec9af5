import type { CurrencyCode } from '@swap/domain';
import { openTreasuryDb, type TreasuryDb } from '../test/treasury-db';
import type { LedgerBatch } from './ledger';
import { LedgerRepository, PARTNER_FEES_BY_PAIR } from './ledger.repository';
import { LedgerWriter } from './ledger.writer';
import { TreasuryPartnerFees1767200000000 } from './migrations/1767200000000-treasury-partner-fees';
import { SwapBookRepository, type SwapBook } from './swap-book.repository';

const T0 = 1_764_000_000;
const writer = new LedgerWriter();

const book = (
  swapId: string,
  apiKey: string | null,
  created: number | null,
  from: CurrencyCode = 'LTC',
): SwapBook => ({
  swapId,
  currency: from,
  network: from === 'LTC' ? 'LTC' : 'BTC',
  depositAddress: `addr-${swapId}`,
  depositIndex: 1,
  deposited: 0n,
  apiKey,
  created,
});

/** A fee kept from an exchange, in `to`: the service's and the partner's parts credited. */
const exchange = (swapId: string, key: string, partner: bigint, to: CurrencyCode = 'ETH'): LedgerBatch => ({
  key: `exchange:${swapId}`,
  swapId,
  memo: 'deposit exchanged',
  entries: [
    { account: `exchange:${swapId}`, currency: to, amount: 10n + partner },
    { account: 'fees:service', currency: to, amount: -10n },
    { account: `fees:partner:${key}`, currency: to, amount: -partner },
  ],
});

describe("what a key's partner account earned from its swaps created in a range (the per-key statistics)", () => {
  let treasury: TreasuryDb;
  let ledger: LedgerRepository;
  let books: SwapBookRepository;

  beforeAll(async () => {
    treasury = await openTreasuryDb();
    ledger = new LedgerRepository(treasury.dataSource);
    books = new SwapBookRepository(treasury.dataSource);
  });
  beforeEach(() => treasury.reset());
  afterAll(async () => {
    await treasury?.close();
  });

  const earned = (apiKey: string, since: number, until: number) =>
    ledger.earnedByPair({ account: `fees:partner:${apiKey}`, apiKey, since, until });

  it("sums the credits of the key's swaps in [since, until) per pair, less their reversals", async () => {
    for (const b of [
      book('S1', 'ak_a', T0),
      book('S2', 'ak_a', T0 + 1),
      book('S3', 'ak_b', T0 + 2),
      book('S4', 'ak_a', T0 + 10), // at `until`: outside
      book('S5', 'ak_a', T0 + 9, 'BTC'),
      book('S6', 'ak_a', T0 + 3),
    ])
      await books.ensure(b);
    await writer.postAll(treasury.dataSource.manager, [
      exchange('S1', 'ak_a', 7n),
      { ...exchange('S1', 'ak_a', 5n), key: 'exchange:S1:later' },
      exchange('S2', 'ak_a', 3n),
      exchange('S3', 'ak_b', 11n),
      exchange('S4', 'ak_a', 13n),
      exchange('S5', 'ak_a', 2n, 'LTC'),
      exchange('S6', 'ak_a', 4n),
    ]);
    await treasury.dataSource.transaction(async (m) => {
      await writer.reverse(m, 'exchange:S2', 'undo:S2', 'payout failed');
      await writer.reverse(m, 'exchange:S6', 'undo:S6', 'payout failed');
    });

    expect(await earned('ak_a', T0, T0 + 10)).toEqual([
      { from: 'BTC', currency: 'LTC', amount: 2n },
      { from: 'LTC', currency: 'ETH', amount: 12n },
    ]);
    expect(await earned('ak_a', T0 + 1, T0 + 9)).toEqual([]); // S2 and S6 undone: nothing left
    expect(await earned('ak_a', T0 + 10, T0 + 11)).toEqual([{ from: 'LTC', currency: 'ETH', amount: 13n }]);
    expect(await earned('ak_b', T0, T0 + 10)).toEqual([{ from: 'LTC', currency: 'ETH', amount: 11n }]);
    expect(await earned('ak_c', 0, T0 * 2)).toEqual([]);
  });

  it("reads a range of a busy key's books from its index, not the key's whole history", async () => {
    // 6,000 swaps a second apart, half of them one key's, each with an exchange batch of three entries.
    await treasury.dataSource.query(
      `INSERT INTO swap_books (swap_id, currency, network, deposit_address, deposit_index, api_key, created)
       SELECT 'P' || i, 'LTC', 'LTC', 'addr' || i, i, CASE WHEN i % 2 = 0 THEN 'ak_busy' ELSE 'ak_' || i % 7 END, $1 + i
       FROM generate_series(1, 6000) AS i`,
      [T0],
    );
    await treasury.dataSource.query(
      `INSERT INTO ledger_batches (key, swap_id, memo) SELECT 'exchange:P' || i, 'P' || i, 'x' FROM generate_series(1, 6000) AS i`,
    );
    await treasury.dataSource.query(
      `INSERT INTO ledger_entries (batch_key, account, currency, amount)
       SELECT 'exchange:P' || i, part.account || b.api_key, 'BTC', part.amount
       FROM generate_series(1, 6000) AS i JOIN swap_books b ON b.swap_id = 'P' || i
       CROSS JOIN (VALUES ('exchange:', 10), ('fees:service:', -7), ('fees:partner:', -3)) AS part(account, amount)`,
    );
    await treasury.dataSource.query('ANALYZE swap_books, ledger_batches, ledger_entries');

    const rows: Array<{ 'QUERY PLAN': unknown }> = await treasury.dataSource.query(
      `EXPLAIN (FORMAT JSON) ${PARTNER_FEES_BY_PAIR}`,
      ['ak_busy', T0 + 1000, T0 + 1020, 'fees:partner:ak_busy'],
    );
    const plan = JSON.stringify(rows[0]['QUERY PLAN']);
    expect(plan).toContain('"Index Name":"swap_books_key_created"');
    expect(plan).not.toContain('Seq Scan');
    expect(await earned('ak_busy', T0 + 1000, T0 + 1020)).toEqual([
      { from: 'LTC', currency: 'BTC', amount: 30n },
    ]);
  });
});

describe('the migration that gives the books their key and creation time', () => {
  let treasury: TreasuryDb;

  beforeAll(async () => {
    treasury = await openTreasuryDb();
  });
  afterAll(async () => {
    await treasury?.close();
  });

  it('fills in the books recorded before it from their partner entries, and the next event fills in the rest', async () => {
    const ds = treasury.dataSource;
    const migration = new TreasuryPartnerFees1767200000000();
    const runner = ds.createQueryRunner();
    try {
      await migration.down(runner);
      // Two books as they were: one with a partner share, credited at T0 + 5, one without.
      await ds.query(
        `INSERT INTO swap_books (swap_id, currency, network, deposit_address) VALUES
         ('OLD1', 'LTC', 'LTC', 'a1'), ('OLD2', 'LTC', 'LTC', 'a2')`,
      );
      await ds.query(
        `INSERT INTO ledger_batches (key, swap_id, memo, created_at) VALUES
         ('deposit:OLD1', 'OLD1', 'd', to_timestamp($1)), ('exchange:OLD1', 'OLD1', 'x', to_timestamp($1 + 60)),
         ('deposit:OLD2', 'OLD2', 'd', to_timestamp($1))`,
        [T0 + 5],
      );
      await ds.query(
        `INSERT INTO ledger_entries (batch_key, account, currency, amount) VALUES
         ('deposit:OLD1', 'hot:LTC', 'LTC', 100), ('deposit:OLD1', 'deposits:OLD1', 'LTC', -100),
         ('exchange:OLD1', 'exchange:OLD1', 'BTC', 10), ('exchange:OLD1', 'fees:partner:ak_old', 'BTC', -10),
         ('deposit:OLD2', 'hot:LTC', 'LTC', 100), ('deposit:OLD2', 'deposits:OLD2', 'LTC', -100)`,
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const books = new SwapBookRepository(ds);
    expect(await books.find('OLD1')).toMatchObject({ apiKey: 'ak_old', created: T0 + 5 });
    expect(await books.find('OLD2')).toMatchObject({ apiKey: null, created: null });

    // The swap's next event: what is missing is filled in, what is there stays.
    await books.withBook(book('OLD2', 'ak_new', T0 + 1), async () => undefined);
    await books.withBook(book('OLD1', 'ak_other', T0 + 99), async () => undefined);
    expect(await books.find('OLD2')).toMatchObject({ apiKey: 'ak_new', created: T0 + 1 });
    expect(await books.find('OLD1')).toMatchObject({ apiKey: 'ak_old', created: T0 + 5 });
    expect(
      await new LedgerRepository(ds).earnedByPair({
        account: 'fees:partner:ak_old',
        apiKey: 'ak_old',
        since: T0,
        until: T0 + 6,
      }),
    ).toEqual([{ from: 'LTC', currency: 'BTC', amount: 10n }]);
  });
});
