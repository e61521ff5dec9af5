import type { CurrencyCode, Network } from '@swap/domain';

/** genesis: the hot wallets' funding in block 0; faucet: a deposit from outside; signed: submitted bytes. */
export type DevnetTxKind = 'genesis' | 'faucet' | 'signed';
export type DevnetTxState = 'pending' | 'confirmed' | 'failed';

/** One transaction of a simulated chain, as stored: in the mempool (pending) or mined. */
export interface DevnetTxRecord {
  network: Network;
  txid: string;
  /** Order of arrival within the network: the mempool's order. */
  seq: number;
  kind: DevnetTxKind;
  from: string;
  to: string;
  currency: CurrencyCode;
  amount: bigint;
  /** The sender's account nonce (signed transactions only). */
  nonce: number | null;
  fee: bigint;
  /** The signed bytes as submitted (signed transactions only). */
  raw: string | null;
  state: DevnetTxState;
  height: number | null;
  blockHash: string | null;
  /** UNIX seconds of its block. */
  blockTime: number | null;
  /** Place in its block. */
  position: number | null;
  /** Native coin actually taken from the sender when mined. */
  feeCharged: bigint;
  /** Why a failed transaction failed. */
  reason: string | null;
}

export interface DevnetBlockRecord {
  network: Network;
  height: number;
  hash: string;
  parentHash: string;
  /** UNIX seconds. */
  time: number;
}

/** What one operation changed on one network, written in one database transaction. */
export interface DevnetChange {
  network: Network;
  /** Blocks above this height left the chain (a reorganisation). */
  truncateAbove: number | null;
  blocks: DevnetBlockRecord[];
  /** Transactions added or updated. */
  txs: DevnetTxRecord[];
  /** Transactions that vanished from the chain and the mempool. */
  dropped: string[];
}

export const emptyChange = (network: Network): DevnetChange => ({
  network,
  truncateAbove: null,
  blocks: [],
  txs: [],
  dropped: [],
});

export const isEmptyChange = (change: DevnetChange): boolean =>
  change.truncateAbove === null &&
  change.blocks.length === 0 &&
  change.txs.length === 0 &&
  change.dropped.length === 0;
