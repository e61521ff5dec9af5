import { openTreasuryDb, type TreasuryDb } from '../test/treasury-db';
import { UnbalancedLedgerError, type LedgerBatch } from './ledger';
import { LedgerRepository } from './ledger.repository';
import { LedgerWriter } from './ledger.writer';

describe('LedgerWriter', () => {
  let treasury: TreasuryDb;
  const writer = new LedgerWriter();
  let ledger: LedgerRepository;

  beforeAll(async () => {
    treasury = await openTreasuryDb();
    ledger = new LedgerRepository(treasury.dataSource);
  });
  afterAll(async () => {
    await treasury?.close();
  });
  beforeEach(async () => {
    await treasury.reset();
  });

  const deposit: LedgerBatch = {
    key: 'deposit:S1:100',
    swapId: 'S1',
    memo: 'deposit credited',
    entries: [
      { account: 'hot:BTC', currency: 'BTC', amount: 100n },
      { account: 'deposits:S1', currency: 'BTC', amount: -100n },
    ],
  };
  const post = (batch: LedgerBatch) => treasury.dataSource.transaction((m) => writer.post(m, batch));

  it('records a balanced batch once, whatever the number of attempts', async () => {
    expect(await post(deposit)).toBe(true);
    expect(await post(deposit)).toBe(false);

    const entries = await ledger.entriesOfSwap('S1');
    expect(
      entries.map(({ batch, account, currency, amount }) => ({ batch, account, currency, amount })),
    ).toEqual([
      { batch: 'deposit:S1:100', account: 'hot:BTC', currency: 'BTC', amount: 100n },
      { batch: 'deposit:S1:100', account: 'deposits:S1', currency: 'BTC', amount: -100n },
    ]);
  });

  it('posts several batches in one go, each once, in their order', async () => {
    const [hot, deposits] = deposit.entries;
    const fee = {
      ...deposit,
      key: 'fee:S1',
      entries: [
        { ...hot, amount: -2n },
        { ...deposits, amount: 2n },
      ],
    };
    await post(deposit);

    const posted = await treasury.dataSource.transaction((m) => writer.postAll(m, [deposit, fee]));

    expect(posted).toEqual(['fee:S1']);
    expect((await ledger.entriesOfSwap('S1')).map((e) => [e.batch, e.amount])).toEqual([
      ['deposit:S1:100', 100n],
      ['deposit:S1:100', -100n],
      ['fee:S1', -2n],
      ['fee:S1', 2n],
    ]);
    const unbalanced = { ...fee, key: 'fee:S1:again', entries: fee.entries.slice(0, 1) };
    await expect(treasury.dataSource.transaction((m) => writer.postAll(m, [unbalanced]))).rejects.toThrow(
      UnbalancedLedgerError,
    );
  });

  it('refuses an unbalanced batch and writes nothing of it', async () => {
    const unbalanced = { ...deposit, entries: [deposit.entries[0], { ...deposit.entries[1], amount: -99n }] };

    await expect(post(unbalanced)).rejects.toThrow(UnbalancedLedgerError);

    expect(await ledger.entriesOfSwap('S1')).toEqual([]);
  });

  it('refuses, at commit, unbalanced entries that bypass the writer', async () => {
    const sneak = treasury.dataSource.transaction(async (m) => {
      await m.query(`INSERT INTO ledger_batches (key, swap_id, memo) VALUES ('x', 'S1', 'sneak')`);
      await m.query(
        `INSERT INTO ledger_entries (batch_key, account, currency, amount) VALUES ('x', 'hot:BTC', 'BTC', 5)`,
      );
    });

    await expect(sneak).rejects.toThrow(/does not balance in BTC: 5/);
    expect(await ledger.entriesOfSwap('S1')).toEqual([]);
  });

  it('is append-only: recorded entries can be neither changed nor deleted', async () => {
    await post(deposit);

    await expect(treasury.dataSource.query(`UPDATE ledger_entries SET amount = 1`)).rejects.toThrow(
      /append-only/,
    );
    await expect(treasury.dataSource.query(`DELETE FROM ledger_batches`)).rejects.toThrow(/append-only/);
  });

  it('reverses a batch exactly, once', async () => {
    await post(deposit);

    const reverse = () =>
      treasury.dataSource.transaction((m) =>
        writer.reverse(m, deposit.key, `${deposit.key}:undone`, 'undone'),
      );
    expect(await reverse()).toBe(true);
    expect(await reverse()).toBe(false);

    expect(await ledger.balances('hot:BTC')).toEqual(new Map([['BTC', 0n]]));
    expect((await ledger.entriesOfSwap('S1')).map((e) => e.amount)).toEqual([100n, -100n, -100n, 100n]);
  });
});
