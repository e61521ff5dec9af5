import type { DataSource } from 'typeorm';
import { devnetDb, type DevnetDb } from '../test/devnet-db';
import { emptyChange, type DevnetBlockRecord, type DevnetTxRecord } from './devnet-records';
import { DevnetRepository } from './devnet.repository';

const block = (height: number, hash = `h${height}`): DevnetBlockRecord => ({
  network: 'ETH',
  height,
  hash,
  parentHash: `h${height - 1}`,
  time: 1_700_000_000 + height,
});

const tx = (txid: string, overrides: Partial<DevnetTxRecord> = {}): DevnetTxRecord => ({
  network: 'ETH',
  txid,
  seq: 0,
  kind: 'signed',
  from: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  to: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  currency: 'ETH',
  // Above 2^64 and 2^53: money must survive the trip exactly.
  amount: 123_456_789_012_345_678_901_234_567n,
  nonce: 0,
  fee: 420_000_000_000_000n,
  raw: 'ab',
  state: 'pending',
  height: null,
  blockHash: null,
  blockTime: null,
  position: null,
  feeCharged: 0n,
  reason: null,
  ...overrides,
});

describe('DevnetRepository', () => {
  let db: DevnetDb;
  let dataSource: DataSource;
  let repository: DevnetRepository;

  beforeAll(async () => {
    db = await devnetDb();
    dataSource = await db.open();
    repository = new DevnetRepository(dataSource);
  });
  afterAll(async () => {
    await db?.drop();
  });
  beforeEach(async () => {
    await dataSource.query('TRUNCATE blocks, transactions, fail_payouts');
  });

  it('writes blocks and transactions and reads them back exactly, per network', async () => {
    const mined = tx('t1', {
      state: 'failed',
      height: 1,
      blockHash: 'h1',
      blockTime: 1_700_000_001,
      position: 0,
    });
    Object.assign(mined, { feeCharged: 420_000_000_000_000n, reason: 'insufficient ETH balance' });
    const faucet = tx('t2', { seq: 1, kind: 'faucet', nonce: null, raw: null, fee: 0n });
    await repository.save({ ...emptyChange('ETH'), blocks: [block(0), block(1)], txs: [mined, faucet] });
    await repository.save({ ...emptyChange('BTC'), blocks: [{ ...block(0), network: 'BTC' }] });

    expect(await repository.load('ETH', 10)).toEqual({ blocks: [block(0), block(1)], txs: [mined, faucet] });
    expect((await repository.load('BTC', 10)).txs).toEqual([]);
    expect(await repository.blockAt('ETH', 1)).toEqual({ block: block(1), txs: [mined] });
    expect(await repository.blockAt('ETH', 2)).toBeNull();
  });

  it('loads only the newest blocks, oldest first', async () => {
    const blocks = [0, 1, 2, 3, 4].map((height) => block(height));
    await repository.save({ ...emptyChange('ETH'), blocks });
    expect((await repository.load('ETH', 2)).blocks).toEqual([block(3), block(4)]);
  });

  it('applies a reorganisation in one go: truncates, drops, updates and appends', async () => {
    await repository.save({
      ...emptyChange('ETH'),
      blocks: [block(0), block(1), block(2)],
      txs: [
        tx('kept', { state: 'confirmed', height: 2, blockHash: 'h2', position: 0 }),
        tx('lost', { seq: 1 }),
      ],
    });
    const moved = tx('kept', { state: 'confirmed', height: 2, blockHash: 'x2', position: 0 });
    await repository.save({
      ...emptyChange('ETH'),
      truncateAbove: 1,
      blocks: [block(2, 'x2'), block(3, 'x3')],
      // Touched twice in one operation: the last state wins.
      txs: [tx('kept'), moved],
      dropped: ['lost'],
    });

    const { blocks, txs } = await repository.load('ETH', 10);
    expect(blocks.map((b) => b.hash)).toEqual(['h0', 'h1', 'x2', 'x3']);
    expect(txs).toEqual([moved]);
  });

  it('leaves nothing behind when a write fails', async () => {
    await repository.save({ ...emptyChange('ETH'), blocks: [block(0)] });
    const clash = { ...emptyChange('ETH'), txs: [tx('new')], blocks: [block(0, 'again')] };
    await expect(repository.save(clash)).rejects.toThrow();
    expect(await repository.load('ETH', 10)).toEqual({ blocks: [block(0)], txs: [] });
  });

  it('keeps the fail-payouts switches', async () => {
    await repository.setFailPayouts('USDTERC', true);
    await repository.setFailPayouts('BTC', true);
    await repository.setFailPayouts('BTC', true);
    await repository.setFailPayouts('BTC', false);
    expect(await repository.failingPayouts()).toEqual(['USDTERC']);
  });
});
