import { createHash } from 'node:crypto';
import type { ChainTransfer } from '@swap/chain';
import type { Pools, WatcherCase } from './watcher-case';

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/**
 * Addresses of the LTC bech32 shape (`ltc1q` and 38 characters of the bech32 alphabet) for every
 * 38 bytes of `bytes`, each decoded in one piece as from a node's JSON: a string built up by `+=`
 * would be a rope, which the matcher's hashing would have to flatten.
 */
function addresses(bytes: Buffer, count: number): string[] {
  const text = Buffer.alloc(count * 43);
  for (let n = 0; n < count; n++) {
    text.write('ltc1q', n * 43, 'latin1');
    for (let i = 0; i < 38; i++) text[n * 43 + 5 + i] = BECH32.charCodeAt(bytes[n * 38 + i] & 31);
  }
  return Array.from({ length: count }, (_, n) => text.toString('latin1', n * 43, n * 43 + 43));
}

/** Block `seed`, the same every time it is built, so both paths match the very same transfers. */
function block(seed: number, size: number, watched: number, pools: Pools): ChainTransfer[] {
  const random = (purpose: string, length: number) =>
    createHash('shake256', { outputLength: length }).update(`block ${seed} ${purpose}`).digest();
  const txids = random('txids', size * 33);
  const to = addresses(random('to', size * 38), size);
  const from = addresses(random('from', size * 38), size);
  const transfers = Array.from({ length: size }, (_, i): ChainTransfer => ({
    txid: txids.toString('hex', i * 33, i * 33 + 32),
    index: txids[i * 33 + 32] % 4,
    currency: 'LTC',
    to: to[i],
    amount: 10_000n + BigInt(txids[i * 33 + 32]),
    from: [from[i]],
  }));
  const bytes = random('watched', watched * 5);
  const spacing = Math.floor(size / watched);
  for (let k = 0; k < watched; k++) {
    const transfer = transfers[k * spacing + (bytes[5 * k] % spacing)];
    const pick = bytes.readUInt32LE(5 * k + 1);
    if (k % 5 === 3) transfer.to = pools.late[pick % pools.late.length];
    else if (k % 5 === 4) {
      const known = pools.known[pick % pools.known.length];
      Object.assign(transfer, { to: known.address, txid: known.txid, index: 0 });
    } else transfer.to = pools.open[pick % pools.open.length];
  }
  return transfers;
}

/** Issue 5's case: LTC blocks of 10,000 transfers, already decoded (the UTXO reader's output). */
export const LTC_CASE: WatcherCase = {
  network: 'LTC',
  targetP99Ms: 50,
  targetRssMb: 300,
  defaultBlockSize: 10_000,
  hotWallet: 'ltc1qhotwallethotwallethotwallethotwallet00',
  addressSql: `'ltc1q' || left(md5(i::text) || md5(i::text || 'x'), 38)`,
  txidSql: `md5('d' || seq) || md5('e' || seq)`,
  knownIndex: 0,
  block: (seed, size, watched, pools) => {
    const transfers = block(seed, size, watched, pools);
    return () => transfers;
  },
};
