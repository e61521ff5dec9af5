import type { DataSource } from 'typeorm';
import type { CurrencyCode, Network } from '@swap/domain';
import { queryPrepared, queryPreparedIn, type PreparedStatement } from '@swap/persistence';
import type { DevnetBlockRecord, DevnetChange, DevnetTxRecord } from './devnet-records';
import { toBlock, toTx, txColumns, type BlockRow, type TxRow } from './devnet-rows';

/** The simulated chains' state in the `devnet` schema: blocks, transactions and switches. */
export class DevnetRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The newest `recentBlocks` blocks of a network (oldest first) and all its transactions. */
  async load(
    network: Network,
    recentBlocks: number,
  ): Promise<{ blocks: DevnetBlockRecord[]; txs: DevnetTxRecord[] }> {
    const blocks: BlockRow[] = await this.dataSource.query(
      `SELECT * FROM (SELECT * FROM blocks WHERE network = $1 ORDER BY height DESC LIMIT $2) recent
       ORDER BY height`,
      [network, recentBlocks],
    );
    const txs: TxRow[] = await this.dataSource.query(
      `SELECT * FROM transactions WHERE network = $1 ORDER BY seq`,
      [network],
    );
    return { blocks: blocks.map(toBlock), txs: txs.map(toTx) };
  }

  /** A block and its transactions in block order, read from the table (older blocks). */
  async blockAt(
    network: Network,
    height: number,
  ): Promise<{ block: DevnetBlockRecord; txs: DevnetTxRecord[] } | null> {
    const [block]: BlockRow[] = await this.dataSource.query(
      `SELECT * FROM blocks WHERE network = $1 AND height = $2`,
      [network, height],
    );
    if (!block) return null;
    const txs: TxRow[] = await this.dataSource.query(
      `SELECT * FROM transactions WHERE network = $1 AND height = $2 ORDER BY position`,
      [network, height],
    );
    return { block: toBlock(block), txs: txs.map(toTx) };
  }

  /**
   * Writes one operation's change atomically (a single statement needs no transaction around it).
   * Every broadcast and every block runs these: prepared statements.
   */
  async save(change: DevnetChange): Promise<void> {
    const statements = changeStatements(change);
    if (statements.length === 1) {
      const [[statement, values]] = statements;
      await queryPrepared(this.dataSource, statement, values);
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      for (const [statement, values] of statements) await queryPreparedIn(manager, statement, values);
    });
  }

  /** The addresses of the account of `hotWallet` that its wallet holds, from index 1 on. */
  async walletAddresses(network: Network, hotWallet: string): Promise<string[]> {
    const rows: Array<{ address: string }> = await this.dataSource.query(
      `SELECT address FROM wallet_addresses WHERE network = $1 AND hot_wallet = $2 ORDER BY account_index`,
      [network, hotWallet],
    );
    return rows.map((row) => row.address);
  }

  /** Adds the account's addresses from index `first` on to its wallet (again: no change). */
  async addWalletAddresses(
    network: Network,
    hotWallet: string,
    first: number,
    addresses: readonly string[],
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO wallet_addresses (network, hot_wallet, account_index, address)
       SELECT $1, $2, $3::integer + ordinality::integer - 1, address
       FROM unnest($4::text[]) WITH ORDINALITY AS a(address)
       ON CONFLICT DO NOTHING`,
      [network, hotWallet, first, addresses],
    );
  }

  async failingPayouts(): Promise<CurrencyCode[]> {
    const rows: Array<{ currency: CurrencyCode }> = await this.dataSource.query(
      `SELECT currency FROM fail_payouts ORDER BY currency`,
    );
    return rows.map((row) => row.currency);
  }

  async setFailPayouts(currency: CurrencyCode, on: boolean): Promise<void> {
    await this.dataSource.query(
      on
        ? `INSERT INTO fail_payouts (currency) VALUES ($1) ON CONFLICT DO NOTHING`
        : `DELETE FROM fail_payouts WHERE currency = $1`,
      [currency],
    );
  }
}

type Statement = [statement: PreparedStatement, values: unknown[]];

const TRUNCATE_BLOCKS: PreparedStatement = {
  name: 'devnet_truncate_blocks',
  text: `DELETE FROM blocks WHERE network = $1 AND height > $2`,
};
const DROP_TXS: PreparedStatement = {
  name: 'devnet_drop_txs',
  text: `DELETE FROM transactions WHERE network = $1 AND txid = ANY($2::text[])`,
};
const UPSERT_TXS: PreparedStatement = {
  name: 'devnet_upsert_txs',
  text: `INSERT INTO transactions SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(${txColumns})
     ON CONFLICT (network, txid) DO UPDATE SET
       state = EXCLUDED.state, height = EXCLUDED.height, block_hash = EXCLUDED.block_hash,
       block_time = EXCLUDED.block_time,
       position = EXCLUDED.position, fee_charged = EXCLUDED.fee_charged, reason = EXCLUDED.reason`,
};
const INSERT_BLOCKS: PreparedStatement = {
  name: 'devnet_insert_blocks',
  text: `INSERT INTO blocks (network, height, hash, parent_hash, time)
     SELECT network, height, hash, parent_hash, time FROM jsonb_to_recordset($1::jsonb)
       AS b(network text, height bigint, hash text, parent_hash text, time bigint)`,
};

function changeStatements(change: DevnetChange): Statement[] {
  const statements: Statement[] = [];
  if (change.truncateAbove !== null) {
    statements.push([TRUNCATE_BLOCKS, [change.network, change.truncateAbove]]);
  }
  if (change.dropped.length > 0) {
    statements.push([DROP_TXS, [change.network, change.dropped]]);
  }
  // A transaction touched twice in one operation is written once, as it ended up.
  const dropped = new Set(change.dropped);
  const txs = [...new Map(change.txs.filter((t) => !dropped.has(t.txid)).map((t) => [t.txid, t])).values()];
  if (txs.length > 0) {
    statements.push([UPSERT_TXS, [JSON.stringify(txs.map(txJson))]]);
  }
  if (change.blocks.length > 0) {
    statements.push([INSERT_BLOCKS, [JSON.stringify(change.blocks.map(blockJson))]]);
  }
  return statements;
}

const blockJson = (b: DevnetBlockRecord) => ({
  network: b.network,
  height: b.height,
  hash: b.hash,
  parent_hash: b.parentHash,
  time: b.time,
});

// Money travels as decimal strings: a JSON number would lose precision above 2^53.
const txJson = (t: DevnetTxRecord) => ({
  network: t.network,
  txid: t.txid,
  seq: t.seq,
  kind: t.kind,
  sender: t.from,
  recipient: t.to,
  currency: t.currency,
  amount: t.amount.toString(),
  nonce: t.nonce,
  fee: t.fee.toString(),
  raw: t.raw,
  state: t.state,
  height: t.height,
  block_hash: t.blockHash,
  block_time: t.blockTime,
  position: t.position,
  fee_charged: t.feeCharged.toString(),
  reason: t.reason,
});
