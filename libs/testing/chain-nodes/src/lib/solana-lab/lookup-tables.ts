import { getAddressDecoder } from '@solana/kit';
import type { TableLookup } from './wire';

/** An address lookup table's addresses start after its 56-byte metadata. */
const LOOKUP_TABLE_META_SIZE = 56;
const addressDecoder = getAddressDecoder();

export interface LoadedAddresses {
  writable: string[];
  readonly: string[];
}

/**
 * Resolves a v0 message's table lookups against the tables' current data (`tableData` gives an account's
 * data, undefined when it does not exist). Empty when a table or index is missing: the runtime then refuses
 * the transaction itself.
 */
export function resolveLookups(
  lookups: readonly TableLookup[],
  tableData: (address: string) => Uint8Array | undefined,
): LoadedAddresses {
  const loaded: LoadedAddresses = { writable: [], readonly: [] };
  for (const lookup of lookups) {
    const data = tableData(lookup.accountKey);
    const entry = (index: number): string | undefined => {
      const start = LOOKUP_TABLE_META_SIZE + index * 32;
      return data && start + 32 <= data.length
        ? addressDecoder.decode(data.slice(start, start + 32))
        : undefined;
    };
    const writableKeys = lookup.writableIndexes.map(entry);
    const readonlyKeys = lookup.readonlyIndexes.map(entry);
    if ([...writableKeys, ...readonlyKeys].some((address) => address === undefined))
      return { writable: [], readonly: [] };
    loaded.writable.push(...(writableKeys as string[]));
    loaded.readonly.push(...(readonlyKeys as string[]));
  }
  return loaded;
}
