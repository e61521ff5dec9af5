/** Simulated chain data for dry-run swaps (section 3, rule 5): deterministic, never on a chain. */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function fnv1a(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash >>> 0;
}

/** A 64-hex fake hash derived from the swap id, so repeated advances give the same data. */
export function fakeHash(swapId: string, purpose: 'deposit' | 'payout' | 'txkey'): string {
  let hex = '';
  for (let block = 0; block < 8; block++) {
    hex += fnv1a(`dryrun:${purpose}:${swapId}:${block}`).toString(16).padStart(8, '0');
  }
  return hex;
}
