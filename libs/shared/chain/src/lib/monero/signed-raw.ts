/**
 * SignedTransaction.raw of Monero: the transaction blob and, after a ":", the wallet's metadata of
 * it (relay_tx takes it back). Relayed through the wallet, the transaction's inputs count as spent
 * at once; relayed through monerod alone, the wallet would spend them again until it is mined.
 * The metadata holds the transaction key, confidential as `txKey` is.
 */
export interface MoneroRaw {
  txHex: string;
  metadata: string;
}

const HEX = /^(?:[0-9a-f]{2})+$/;

export function encodeMoneroRaw(raw: MoneroRaw): string {
  return `${raw.txHex}:${raw.metadata}`;
}

/** Null when `text` is not such a raw transaction. */
export function decodeMoneroRaw(text: string): MoneroRaw | null {
  const [txHex, metadata, ...rest] = text.split(':');
  if (rest.length > 0 || !HEX.test(txHex ?? '') || !HEX.test(metadata ?? '')) return null;
  return { txHex, metadata };
}
