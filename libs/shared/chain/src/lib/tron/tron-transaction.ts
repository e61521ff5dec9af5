import { TronWeb } from 'tronweb';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { AddressSigner, SignedTransaction } from '../chain-sender';

/** A transaction as tronweb builds it: its raw data (JSON and protobuf hex) and txID. */
export interface BuiltTronTransaction {
  txID: string;
  raw_data: unknown;
  raw_data_hex: string;
}

/** The reference block and deadline a transaction carries (TaPoS): java-tron checks both. */
export interface TronBlockHeader {
  ref_block_bytes: string;
  ref_block_hash: string;
  /** UNIX ms after which no block may include it. */
  expiration: number;
  timestamp: number;
}

/** The TaPoS fields naming block (number, blockID): bytes 6–8 of the number and 8–16 of the id. */
export function tapos(number: number, blockId: string, now: number, expiresInMs: number): TronBlockHeader {
  return {
    ref_block_bytes: number.toString(16).padStart(16, '0').slice(12, 16),
    ref_block_hash: blockId.slice(16, 32),
    expiration: now + expiresInMs,
    timestamp: now,
  };
}

/** What the treasury asks of Tron: a TRX or TRC-20 transfer, or lending / taking back staked energy. */
export type TronAction =
  | { kind: 'trx'; to: string; sun: bigint }
  | { kind: 'trc20'; contract: string; to: string; amount: bigint; feeLimit: bigint }
  | { kind: 'delegate' | 'undelegate'; to: string; sun: bigint };

// TronWeb only builds here (offline, from the header given): it never sees a key nor the network.
const builder = new TronWeb({ fullHost: 'http://127.0.0.1:1' }).transactionBuilder;

const safe = (value: bigint, what: string): number => {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} ${value} is too large for Tron`);
  return Number(value);
};

/** An unsigned transaction built by tronweb (protobuf raw data, txID = sha256 of it). */
export async function buildTronTransaction(
  action: TronAction,
  from: string,
  header: TronBlockHeader,
): Promise<BuiltTronTransaction> {
  const options = { blockHeader: header };
  switch (action.kind) {
    case 'trx':
      return builder.sendTrx(action.to, safe(action.sun, 'amount'), from, options);
    case 'trc20': {
      const { transaction } = await builder.triggerSmartContract(
        action.contract,
        'transfer(address,uint256)',
        { ...options, feeLimit: safe(action.feeLimit, 'fee limit'), txLocal: true },
        [
          { type: 'address', value: action.to },
          { type: 'uint256', value: action.amount.toString() },
        ],
        from,
      );
      return transaction;
    }
    case 'delegate':
      return builder.delegateResource(
        safe(action.sun, 'stake'),
        action.to,
        'ENERGY',
        from,
        false,
        undefined,
        options,
      );
    case 'undelegate':
      return builder.undelegateResource(safe(action.sun, 'stake'), action.to, 'ENERGY', from, options);
  }
}

/**
 * Signs the txID (sha256 of the raw data) with the sending address's key: r‖s‖v, v = 27 + recovery,
 * as java-tron and TronWeb write it. The stored bytes are the JSON broadcasttransaction takes.
 */
export function signTronTransaction(
  tx: BuiltTronTransaction,
  signer: AddressSigner,
  fee: bigint,
  expiration: number,
): SignedTransaction {
  const signature = signer.signDigest(hexToBytes(tx.txID));
  const v = (27 + signature[64]).toString(16).padStart(2, '0');
  const hex = Buffer.from(signature.subarray(0, 64)).toString('hex') + v;
  const signed = {
    visible: false,
    txID: tx.txID,
    raw_data: tx.raw_data,
    raw_data_hex: tx.raw_data_hex,
    signature: [hex],
  };
  return {
    network: 'TRX',
    txid: tx.txID,
    raw: JSON.stringify(signed),
    fee,
    feeCurrency: 'TRX',
    txKey: null,
    validUntil: expiration,
  };
}
