import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { CURRENCY_CODES, NETWORKS, type CurrencyCode, type Network } from '@swap/domain';

/** The unsigned part of a devnet transaction: what is signed and what its txid hashes. */
export interface DevnetTxBody {
  network: Network;
  from: string;
  to: string;
  currency: CurrencyCode;
  /** Base units of `currency`. */
  amount: bigint;
  /** The sender's account nonce: its count of earlier mined transactions. */
  nonce: number;
  /** Native-coin base units the sender pays the network. */
  fee: bigint;
  publicKey: Uint8Array;
}

export interface DevnetSignedTx extends DevnetTxBody {
  signature: Uint8Array;
}

export class DevnetTxFormatError extends Error {
  override readonly name = 'DevnetTxFormatError';
}

/** Longest raw transaction the devnet reads (hex characters): far above any valid one. */
export const MAX_DEVNET_TX_HEX = 4096;

const HEX = /^(?:[0-9a-f]{2})*$/;
const INTEGER = /^(0|[1-9]\d*)$/;

const signedJson = z
  .object({
    network: z.enum(NETWORKS),
    from: z.string().max(128),
    to: z.string().max(128),
    currency: z.enum(CURRENCY_CODES),
    amount: z.string().regex(INTEGER),
    nonce: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    fee: z.string().regex(INTEGER),
    publicKey: z.string().regex(HEX).max(130),
    signature: z.string().regex(HEX).max(130),
  })
  .strict();

// Fixed key order and plain strings: one body has exactly one serialization.
function bodyFields(body: DevnetTxBody) {
  return {
    network: body.network,
    from: body.from,
    to: body.to,
    currency: body.currency,
    amount: body.amount.toString(),
    nonce: body.nonce,
    fee: body.fee.toString(),
    publicKey: bytesToHex(body.publicKey),
  };
}

/** The bytes a signer signs: the canonical JSON of the body. */
export function devnetTxMessage(body: DevnetTxBody): Uint8Array {
  return utf8ToBytes(JSON.stringify(bodyFields(body)));
}

/** hex sha256 of the unsigned body, so a signature can never change a transaction's id. */
export function devnetTxid(body: DevnetTxBody): string {
  return bytesToHex(sha256(devnetTxMessage(body)));
}

/** `raw`: the hex of the canonical JSON of the body and its signature. */
export function encodeDevnetTx(tx: DevnetSignedTx): string {
  const json = JSON.stringify({ ...bodyFields(tx), signature: bytesToHex(tx.signature) });
  return bytesToHex(utf8ToBytes(json));
}

/** Reads `raw`, refusing anything but the one canonical encoding of a transaction. */
export function decodeDevnetTx(raw: string): DevnetSignedTx {
  if (raw.length > MAX_DEVNET_TX_HEX || !HEX.test(raw))
    throw new DevnetTxFormatError('raw is not lowercase hex');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(raw)));
  } catch {
    throw new DevnetTxFormatError('raw is not a JSON transaction');
  }
  const parsed = signedJson.safeParse(json);
  if (!parsed.success) throw new DevnetTxFormatError('raw is not a devnet transaction');
  const fields = parsed.data;
  const tx: DevnetSignedTx = {
    ...fields,
    amount: BigInt(fields.amount),
    fee: BigInt(fields.fee),
    publicKey: hexToBytes(fields.publicKey),
    signature: hexToBytes(fields.signature),
  };
  if (encodeDevnetTx(tx) !== raw) throw new DevnetTxFormatError('raw is not in canonical form');
  return tx;
}
