const BIGINT = '\u0000bigint:';

/**
 * JSON text of a request in which every bigint is written as an exact integer literal: monerod and
 * monero-wallet-rpc read amounts as uint64 JSON numbers, which a JS number cannot hold exactly.
 */
export function encodeJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? `${BIGINT}${item}` : item,
  );
  // JSON.stringify writes the NUL of the marker as \u0000, which no real string field contains.
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}
