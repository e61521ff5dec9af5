import type { CurrencyCode, Network } from '@swap/domain';
import type { DevnetBlockRecord, DevnetTxKind, DevnetTxRecord, DevnetTxState } from './devnet-records';

// pg returns bigint and numeric columns as strings.
export interface BlockRow {
  network: Network;
  height: string;
  hash: string;
  parent_hash: string;
  time: string;
}

export interface TxRow {
  network: Network;
  txid: string;
  seq: string;
  kind: DevnetTxKind;
  sender: string;
  recipient: string;
  currency: CurrencyCode;
  amount: string;
  nonce: string | null;
  fee: string;
  raw: string | null;
  state: DevnetTxState;
  height: string | null;
  block_hash: string | null;
  block_time: string | null;
  position: number | null;
  fee_charged: string;
  reason: string | null;
}

/** The columns of `transactions`, in table order, for jsonb_to_recordset. */
export const txColumns = [
  'network text',
  'txid text',
  'seq bigint',
  'kind text',
  'sender text',
  'recipient text',
  'currency text',
  'amount numeric',
  'nonce bigint',
  'fee numeric',
  'raw text',
  'state text',
  'height bigint',
  'block_hash text',
  'block_time bigint',
  'position integer',
  'fee_charged numeric',
  'reason text',
].join(', ');

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

export const toBlock = (row: BlockRow): DevnetBlockRecord => ({
  network: row.network,
  height: Number(row.height),
  hash: row.hash,
  parentHash: row.parent_hash,
  time: Number(row.time),
});

export const toTx = (row: TxRow): DevnetTxRecord => ({
  network: row.network,
  txid: row.txid,
  seq: Number(row.seq),
  kind: row.kind,
  from: row.sender,
  to: row.recipient,
  currency: row.currency,
  amount: BigInt(row.amount),
  nonce: numberOrNull(row.nonce),
  fee: BigInt(row.fee),
  raw: row.raw,
  state: row.state,
  height: numberOrNull(row.height),
  blockHash: row.block_hash,
  blockTime: numberOrNull(row.block_time),
  position: row.position,
  feeCharged: BigInt(row.fee_charged),
  reason: row.reason,
});
