import { openTreasuryDb, type TreasuryDb } from '../test/treasury-db';
import type { LedgerBatch } from './ledger';
import { LedgerRepository } from './ledger.repository';
import { LedgerWriter } from './ledger.writer';

describe("what a revenue account earned per swap (the gateway's per-key statistics)", () => {
  let treasury: TreasuryDb;
  const writer = new LedgerWriter();

  beforeAll(async () => {
    treasury = await openTreasuryDb();
  });
  afterAll(async () => {
    await treasury?.close();
  });

  /** A fee kept from an exchange: the service's and the partner's parts credited. */
  const exchange = (swapId: string, key: string, partner: bigint): LedgerBatch => ({
    key: `exchange:${swapId}`,
    swapId,
    memo: 'deposit exchanged',
    entries: [
      { account: `exchange:${swapId}`, currency: 'ETH', amount: 10n + partner },
      { account: 'fees:service', currency: 'ETH', amount: -10n },
      { account: `fees:partner:${key}`, currency: 'ETH', amount: -partner },
    ],
  });

  it('sums the credits of the named swaps, less their reversals, leaving out swaps with nothing', async () => {
    const manager = treasury.dataSource.manager;
    await writer.postAll(manager, [
      exchange('S1', 'ak_a', 7n),
      { ...exchange('S1', 'ak_a', 5n), key: 'exchange:S1:later' },
      exchange('S2', 'ak_a', 3n),
      exchange('S3', 'ak_b', 11n),
      exchange('S4', 'ak_a', 13n),
    ]);
    await treasury.dataSource.transaction((m) =>
      writer.reverse(m, 'exchange:S2', 'undo:S2', 'payout failed'),
    );

    const earned = await new LedgerRepository(treasury.dataSource).earnedFromSwaps('fees:partner:ak_a', [
      'S1',
      'S2',
      'S3',
      'S9',
    ]);
    expect(earned).toEqual([{ swapId: 'S1', currency: 'ETH', amount: 12n }]);
  });
});
