import { fromHex, toHex } from './address';
import type { TronChain } from './chain';
import { contractValueOf } from './contracts';
import { compact, errorReply, stringify, type JsonObject } from './json';
import { TxRejected } from './state';
import {
  decodeTransaction,
  encodeRawData,
  signedTransaction,
  type SignedTransaction,
} from './transaction-codec';
import { transactionJson } from './transaction-json';
import { JsonParseError, parseRawData } from './transaction-parse';

/** Return.message: plain text when the request said visible, else hex (java-tron's JsonFormat). */
const messageField = (text: string, visible: boolean) =>
  visible ? text : toHex(new TextEncoder().encode(text));

/** What java-tron answers: {result:true, txid} or {code, txid, message}. */
export function broadcastReply(txid: string, rejection: TxRejected | null, visible: boolean): JsonObject {
  if (!rejection) return { result: true, txid };
  return { code: rejection.code, txid, message: messageField(rejection.reply, visible) };
}

/**
 * The signed transaction in a wallet/broadcasttransaction body. java-tron rebuilds it from the JSON
 * raw_data; the lab takes raw_data_hex and refuses a body whose JSON encodes to other bytes (the
 * signature covers those bytes) or whose txID is not their sha256.
 */
export function readBroadcastBody(
  body: Record<string, unknown>,
  visible: boolean,
): { tx: SignedTransaction } | { reply: JsonObject } {
  if (typeof body.raw_data !== 'object' || body.raw_data === null)
    return { reply: errorReply('java.lang.NullPointerException', 'null') };
  let signatures: Uint8Array[];
  let fromJson: Uint8Array;
  try {
    signatures = (Array.isArray(body.signature) ? body.signature : []).map((s) => fromHex(String(s)));
    fromJson = encodeRawData(parseRawData(body.raw_data, visible));
  } catch (err) {
    if (err instanceof JsonParseError || err instanceof Error)
      return { reply: errorReply('org.tron.core.services.http.JsonFormat$ParseException', err.message) };
    throw err;
  }
  if (typeof body.raw_data_hex !== 'string') return { tx: signedTransaction(fromJson, signatures) };
  let tx: SignedTransaction;
  try {
    tx = signedTransaction(fromHex(body.raw_data_hex), signatures);
  } catch (err) {
    return {
      reply: errorReply(
        'java.lang.IllegalArgumentException',
        err instanceof Error ? err.message : String(err),
      ),
    };
  }
  const encodable = tx.raw.contracts.every((c) => contractValueOf(c).type !== 'Unsupported');
  if (encodable && toHex(fromJson) !== toHex(tx.rawBytes))
    return rejected(tx.txID, 'raw_data_hex is not the encoding of raw_data', visible);
  if (typeof body.txID === 'string' && body.txID.toLowerCase() !== tx.txID)
    return rejected(tx.txID, `txID ${body.txID} is not sha256(raw_data) ${tx.txID}`, visible);
  return { tx };
}

const rejected = (txid: string, why: string, visible: boolean) => ({
  reply: broadcastReply(txid, new TxRejected('SIGERROR', `Validate signature error: ${why}`), visible),
});

export async function broadcastTransaction(
  chain: TronChain,
  body: Record<string, unknown>,
  visible: boolean,
  lose: (txID: string) => boolean,
): Promise<JsonObject> {
  const read = readBroadcastBody(body, visible);
  if ('reply' in read) return read.reply;
  return broadcastReply(read.tx.txID, await chain.broadcast(read.tx, lose), visible);
}

/** wallet/broadcasthex: a whole Transaction message; message printed as text, transaction as a string. */
export async function broadcastHex(
  chain: TronChain,
  body: Record<string, unknown>,
  lose: (txID: string) => boolean,
) {
  let tx: SignedTransaction;
  try {
    tx = decodeTransaction(fromHex(String(body.transaction ?? '')));
  } catch (err) {
    return errorReply('com.google.protobuf.InvalidProtocolBufferException', String(err));
  }
  const rejection = await chain.broadcast(tx, lose);
  return compact({
    result: rejection === null,
    code: rejection?.code ?? 'SUCCESS',
    message: rejection?.reply ?? '',
    transaction: stringify(transactionJson(tx, true), false),
    txid: tx.txID,
  });
}
