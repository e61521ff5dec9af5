import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { ENGINE_MIGRATIONS, ENGINE_SCHEMA } from '../engine.schema';
import { SwapRepository } from '../swap.repository';
import { LaterDeposits1764900000000 } from './1764900000000-later-deposits';

const BEFORE = ENGINE_MIGRATIONS.filter((migration) => migration !== LaterDeposits1764900000000);

/** Returns operators made before swaps kept their own move into them, and come back on the way down. */
describe('migration LaterDeposits1764900000000', () => {
  let engine: SchemaDatabase;

  beforeAll(async () => {
    engine = await openSchemaDatabase({ schema: ENGINE_SCHEMA, migrations: BEFORE, tables: [] });
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('moves each deposit_returns row into its swap, and back', async () => {
    const q = engine.dataSource.createQueryRunner();
    await q.query(`
      INSERT INTO swaps (id, request_id, token, api_key, dryrun, type, direction, status, from_code, to_code,
        amount_from, amount_to, amount_deposited, rate, fee_percent, partner_percent, fee_amount,
        deposit_network, deposit_index, deposit_address, to_address, issue, auto_execute_on_mismatch,
        time_reg, time_update, time_expiration, version)
      VALUES ('MiGrAtE001', 'req-1', 'tok0123456789abcdefXYZ', 'ak', false, 'float', 'from', 'EXPIRED', 'LTC', 'ETH',
        100000000, 1, 0, '0.02', '0.25', '0', 0, 'LTC', 3, 'ltc1qdeposit', '0xabc',
        '{"type":null,"reason":null,"needsRefundAddress":false,"choice":"NONE"}', false,
        1700000000, 1700000000, 1700000900, 2)`);
    await q.query(`
      INSERT INTO deposits (deposit_id, swap_id, currency, address, txid, tx_index, amount, confirmations,
        block_height, block_hash, reverted, report_seq)
      VALUES ('LTC:late:0', 'MiGrAtE001', 'LTC', 'ltc1qdeposit', 'late', 0, 200000000, 6, 10, 'h', false, 1)`);
    await q.query(`
      INSERT INTO deposit_returns (return_id, swap_id, deposit_id, network, currency, address, deposited, amount,
        state, txid, fee, fee_currency, confirmations, requested_at)
      VALUES ('MiGrAtE001-return-1', 'MiGrAtE001', 'LTC:late:0', 'LTC', 'LTC', 'ltc1qback', 200000000, 198000000,
        'confirmed', 'backtx', 1000, 'LTC', 2, to_timestamp(1700001000))`);

    const migration = new LaterDeposits1764900000000();
    await migration.up(q);
    const swap = await new SwapRepository(engine.dataSource).find('MiGrAtE001');
    expect(swap?.later).toEqual([
      {
        id: 'LTC:late:0',
        tx: 'late',
        amount: 200_000_000n,
        time: 1700001000,
        handling: 'RETURNED',
        payout: null,
      },
    ]);
    expect(swap?.returns).toEqual([
      {
        id: 'MiGrAtE001-return-1',
        deposit: 'LTC:late:0',
        depositTx: 'late',
        deposited: 200_000_000n,
        amount: 198_000_000n,
        address: 'ltc1qback',
        state: 'CONFIRMED',
        tx: {
          id: 'backtx',
          amount: 198_000_000n,
          fee: 1000n,
          feeCurrency: 'LTC',
          timeReg: 1700001000,
          timeBlock: null,
          confirmations: 2,
          txKey: null,
        },
        reason: 'The service operators are sending the deposit back minus the 1 % refund fee',
        requestedAt: 1700001000,
      },
    ]);

    await migration.down(q);
    expect(
      await q.query(
        `SELECT return_id, deposit_id, state, txid, amount::text, confirmations FROM deposit_returns`,
      ),
    ).toEqual([
      {
        return_id: 'MiGrAtE001-return-1',
        deposit_id: 'LTC:late:0',
        state: 'confirmed',
        txid: 'backtx',
        amount: '198000000',
        confirmations: 2,
      },
    ]);
    await q.release();
  });
});
