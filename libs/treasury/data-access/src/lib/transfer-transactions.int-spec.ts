import { aPayout, aSignedTx, openTreasuryDb, type TreasuryDb } from '../test/treasury-db';
import type { LedgerBatch } from './ledger';
import { LedgerRepository } from './ledger.repository';
import { TransferLifecycle } from './transfer-lifecycle.repository';
import { TransferMovedOn, TransferTransactions } from './transfer-transactions';

const bumpBatch: LedgerBatch = {
  key: 'transfer:payout-1:v3:0xbbb',
  swapId: 'AbCdEfGhIj',
  memo: 'payout fee bumped by the operator',
  entries: [
    { account: 'fees:network', currency: 'ETH', amount: 9_000n },
    { account: 'hot:ETH', currency: 'ETH', amount: -9_000n },
  ],
};

describe('TransferTransactions', () => {
  let treasury: TreasuryDb;
  let transfers: TransferLifecycle;
  let replacements: TransferTransactions;
  let ledger: LedgerRepository;

  beforeAll(async () => {
    treasury = await openTreasuryDb();
    transfers = new TransferLifecycle(treasury.dataSource);
    replacements = new TransferTransactions(treasury.dataSource);
    ledger = new LedgerRepository(treasury.dataSource);
  });
  afterAll(async () => {
    await treasury?.close();
  });
  beforeEach(async () => {
    await treasury.reset();
    await transfers.plan(aPayout());
    await transfers.markSigned('payout-1', aSignedTx(), null);
    await transfers.markBroadcast('payout-1');
  });

  const bump = aSignedTx({ txid: '0xbbb', raw: '0xbump', fee: 30_000_000_000_000n });

  it('switches a transfer to its bump with the batch, both transactions recorded, the retries starting over', async () => {
    await transfers.postpone('payout-1', {
      state: 'BROADCAST',
      until: Date.now() + 60_000,
      countAttempt: true,
      error: { message: 'lost', refused: true },
    });
    const [switched] = await replacements.switchTo([
      { transfer: await transfers.get('payout-1'), tx: bump, batch: bumpBatch },
    ]);

    expect(switched).toMatchObject({
      state: 'BROADCAST',
      signed: { txid: '0xbbb', raw: '0xbump' },
      attempts: 0,
      lastError: null,
      refused: false,
    });
    const recorded = (await replacements.of(['payout-1'])).get('payout-1') ?? [];
    expect(recorded.map((t) => `${t.role} ${t.tx.txid} ${t.tx.fee}`)).toEqual([
      'payout 0xaaa 21000000000000',
      'payout 0xbbb 30000000000000',
    ]);
    expect(await ledger.balances('fees:network')).toEqual(new Map([['ETH', 9_000n]]));

    // And back to the first one (mined after all): allowed, it is recorded.
    const [back] = await replacements.switchTo([{ transfer: switched, tx: aSignedTx(), batch: null }]);
    expect(back.signed?.txid).toBe('0xaaa');
  });

  it('changes nothing when the transfer no longer carries the transaction read (a concurrent bump)', async () => {
    const read = await transfers.get('payout-1');
    await replacements.switchTo([{ transfer: read, tx: bump, batch: null }]);

    const other = aSignedTx({ txid: '0xccc', raw: '0xother' });
    await expect(
      replacements.switchTo([{ transfer: read, tx: other, batch: bumpBatch }]),
    ).rejects.toBeInstanceOf(TransferMovedOn);
    await expect(replacements.addFiller(read, other, bumpBatch)).rejects.toBeInstanceOf(TransferMovedOn);
    expect((await transfers.get('payout-1')).signed?.txid).toBe('0xbbb');
    expect((await replacements.of(['payout-1'])).get('payout-1')).toHaveLength(2);
    expect(await ledger.balances('fees:network')).toEqual(new Map());
  });

  it("refuses, in the database, signed bytes swapped for any not recorded as the transfer's", async () => {
    await expect(
      treasury.dataSource.query(`UPDATE transfers SET txid = '0xddd', raw = '0xrogue' WHERE id = 'payout-1'`),
    ).rejects.toThrow(/its signed transaction cannot change/);
  });

  it("records a filler beside the payout transaction, which stays the transfer's", async () => {
    const filler = aSignedTx({ txid: '0xfff', raw: '0xfill' });
    await replacements.addFiller(await transfers.get('payout-1'), filler, null);

    expect((await transfers.get('payout-1')).signed?.txid).toBe('0xaaa');
    const recorded = (await replacements.of(['payout-1'])).get('payout-1') ?? [];
    expect(recorded.map((t) => `${t.role} ${t.tx.txid}`)).toEqual(['payout 0xaaa', 'filler 0xfff']);
    // A filler is no payout transaction: the transfer cannot be switched to it.
    await expect(
      treasury.dataSource.query(`UPDATE transfers SET txid = '0xfff', raw = '0xfill' WHERE id = 'payout-1'`),
    ).rejects.toThrow(/its signed transaction cannot change/);
  });
});
