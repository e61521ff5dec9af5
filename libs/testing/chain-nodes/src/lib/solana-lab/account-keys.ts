import { RESERVED_ACCOUNTS } from './well-known';
import type { DecodedMessage } from './wire';

const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';

/**
 * Whether the runtime write-locks key `index` of `keys` (static keys, then loaded writable, then loaded
 * readonly), as agave's is_maybe_writable: the header's writable ranges, less reserved accounts and
 * invoked programs (unless the upgradeable loader is present).
 */
export function isWritable(message: DecodedMessage, keys: readonly string[], index: number): boolean {
  const { header, staticKeys, instructions, lookups } = message;
  const loadedWritable = lookups.reduce((n, lookup) => n + lookup.writableIndexes.length, 0);
  let writable: boolean;
  if (index < header.numRequiredSignatures) {
    writable = index < header.numRequiredSignatures - header.numReadonlySignedAccounts;
  } else if (index < staticKeys.length) {
    writable = index < staticKeys.length - header.numReadonlyUnsignedAccounts;
  } else {
    writable = index < staticKeys.length + loadedWritable;
  }
  if (!writable || RESERVED_ACCOUNTS.has(keys[index])) return false;
  const invoked = instructions.some((ix) => ix.programIdIndex === index);
  return !invoked || keys.includes(UPGRADEABLE_LOADER);
}
