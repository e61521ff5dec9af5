import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { DevnetTxRecord } from '@swap/devnet-data';
import type { CurrencyCode, Network } from '@swap/domain';

export interface NewTx {
  network: Network;
  seq: number;
  kind: DevnetTxRecord['kind'];
  from: string;
  to: string;
  currency: CurrencyCode;
  amount: bigint;
  /** Signed transactions bring theirs (the hash of the signed body) and their nonce, fee and bytes. */
  signed?: { txid: string; nonce: number; fee: bigint; raw: string };
}

/** A pending transaction. Unsigned ones get a random id: two equal deposits are two transactions. */
export function newTxRecord(tx: NewTx): DevnetTxRecord {
  const { signed, ...fields } = tx;
  return {
    ...fields,
    txid: signed?.txid ?? bytesToHex(sha256(randomBytes(32))),
    nonce: signed?.nonce ?? null,
    fee: signed?.fee ?? 0n,
    raw: signed?.raw ?? null,
    ...PENDING,
  };
}

const PENDING = {
  state: 'pending',
  height: null,
  blockHash: null,
  blockTime: null,
  position: null,
  feeCharged: 0n,
  reason: null,
} as const;

/** Back to the mempool's view of it (a reorganisation took its block away). */
export function unmined(tx: DevnetTxRecord): DevnetTxRecord {
  return Object.assign(tx, PENDING);
}

/** A block hash: unique even for a replacement block with the same height and transactions. */
export function blockHash(
  network: Network,
  height: number,
  parentHash: string,
  time: number,
  txids: string[],
): string {
  const salt = bytesToHex(randomBytes(16));
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify([network, height, parentHash, time, txids, salt]))));
}
