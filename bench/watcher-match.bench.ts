// Issue 5's figure: with 1,000,000 watched addresses, matching a block of 10,000 transfers takes at
// most 50 ms and the watcher's resident memory stays at most 300 MB. Baselines from the same run:
// the same blocks matched by the database-only path (the matcher without its address filter), and
// the process's RSS before the filter is loaded.
//
// The watch list is one network's (LTC): 10 % open swaps, the rest ended up to 60 days ago (half of
// them past the 30-day retention, still held by the filter), and 100,000 deposits already known.
// Each block has `--watched` transfers that are deposits (3 in 5 to open swaps, 1 to a recently
// ended one, 1 a known deposit seen again); the rest go to random addresses of the same shape.
//
//   npm run bench:watcher [-- --addresses 1000000 --transfers 10000 --watched 10 --blocks 200]
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { ChainTransfer } from '@swap/chain';
import { createDataSource } from '@swap/persistence';
import { createTestDatabase } from '@swap/testing';
import { DepositMatcher, watcherSettings, type WatcherSettings } from '@swap/watcher';
import {
  DepositRepository,
  WATCHER_MIGRATIONS,
  WATCHER_SCHEMA,
  WatchListRepository,
} from '@swap/watcher-data';
import type { DataSource } from 'typeorm';
import { percentile } from './measure';

const TARGETS = { p99Ms: 50, rssMb: 300 } as const;
const KNOWN_DEPOSITS = 100_000;
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

interface Pools {
  open: string[];
  late: string[];
  known: Array<{ txid: string; address: string }>;
}

interface PathRun {
  ms: number[];
  peakRssMb: number;
  /** Per block: the sightings as `<id> <swapId>`, sorted. */
  found: string[][];
}

const gc = (globalThis as { gc?: () => void }).gc;
const rssMb = (): number => process.memoryUsage().rss / 2 ** 20;
const settledRssMb = (): number => {
  gc?.();
  return rssMb();
};

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

async function seed(dataSource: DataSource, count: number, nowSeconds: number): Promise<void> {
  await dataSource.query(
    `INSERT INTO watched_addresses (network, address_key, address, swap_id, currency, status, swap_version, ended_at)
     SELECT 'LTC', a, a, 'Sw' || lpad(i::text, 10, '0'), 'LTC', CASE WHEN i % 10 = 0 THEN 'NEW' ELSE 'DONE' END, 1,
            CASE WHEN i % 10 = 0 THEN NULL ELSE $2::bigint - (i % 60) * 86400 END
       FROM (SELECT i, 'ltc1q' || left(md5(i::text) || md5(i::text || 'x'), 38) AS a
               FROM generate_series(1, $1::int) i) s`,
    [count, nowSeconds],
  );
  await dataSource.query(
    `INSERT INTO deposits (id, network, swap_id, address, currency, txid, output_index, amount,
                           required_confirmations, seen_at, state, block_height, block_hash, confirmations, settled)
     SELECT 'LTC:' || t || ':0', 'LTC', swap_id, address, 'LTC', t, 0, 100000, 3, $2::bigint * 1000, 'block', 1, 'h', 3, true
       FROM (SELECT swap_id, address, md5('d' || seq) || md5('e' || seq) AS t
               FROM watched_addresses ORDER BY seq LIMIT $1) s`,
    [Math.min(KNOWN_DEPOSITS, count), nowSeconds],
  );
  await dataSource.query('ANALYZE watched_addresses, deposits');
}

async function pools(dataSource: DataSource, endedSince: number): Promise<Pools> {
  const open: Array<{ address: string }> = await dataSource.query(
    'SELECT address FROM watched_addresses WHERE ended_at IS NULL ORDER BY random() LIMIT 10000',
  );
  const late: Array<{ address: string }> = await dataSource.query(
    'SELECT address FROM watched_addresses WHERE ended_at >= $1 ORDER BY random() LIMIT 10000',
    [endedSince],
  );
  const known: Array<{ txid: string; address: string }> = await dataSource.query(
    'SELECT txid, address FROM deposits ORDER BY random() LIMIT 10000',
  );
  return { open: open.map((row) => row.address), late: late.map((row) => row.address), known };
}

async function run(matcher: DepositMatcher, blocks: number, build: (seed: number) => ChainTransfer[]) {
  const result: PathRun = { ms: [], peakRssMb: rssMb(), found: [] };
  for (let i = 0; i < blocks; i++) {
    const transfers = build(i);
    const started = performance.now();
    const sightings = await matcher.match(transfers);
    result.ms.push(performance.now() - started);
    result.peakRssMb = Math.max(result.peakRssMb, rssMb());
    result.found.push(sightings.map((s) => `${s.id} ${s.swapId}`).sort());
  }
  return result;
}

/** The deposits a block holds: its transfers to the pools' addresses, once per id. */
const expectedCount = (transfers: ChainTransfer[], watched: ReadonlySet<string>): number =>
  new Set(transfers.filter((t) => watched.has(t.to)).map((t) => `${t.txid}:${t.index}`)).size;

function report(
  base: PathRun,
  filtered: PathRun,
  memory: Record<string, number>,
  transfers: number,
): boolean {
  const row = (name: string, r: PathRun) =>
    console.log(
      [
        name.padEnd(26),
        String(r.ms.length).padStart(6),
        percentile(r.ms, 50).toFixed(2).padStart(10),
        percentile(r.ms, 99).toFixed(2).padStart(8),
        Math.max(...r.ms)
          .toFixed(2)
          .padStart(8),
      ].join('  '),
    );
  console.log(`\npath (blocks of ${transfers} transfers)   blocks   median ms    p99 ms    max ms`);
  row('database only (baseline)', base);
  row('with the address filter', filtered);
  console.log(
    `median speed-up: ${(percentile(base.ms, 50) / percentile(filtered.ms, 50)).toFixed(1)}×${gc ? '' : '   (no --expose-gc: RSS figures without a forced GC)'}`,
  );
  console.log('\nresident memory (process RSS)          MB');
  for (const [name, mb] of Object.entries(memory))
    console.log(`${name.padEnd(36)} ${mb.toFixed(1).padStart(6)}`);

  const p99 = percentile(filtered.ms, 99);
  const peak = Math.max(
    memory['peak while the filter loads'],
    memory['after the filter is loaded'],
    filtered.peakRssMb,
  );
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log('\nfigure                                  value     goal       verdict');
  console.log(
    `p99 ms per block, with the filter   ${p99.toFixed(2).padStart(9)}   ≤ ${TARGETS.p99Ms} ms   ${verdict(p99 <= TARGETS.p99Ms)}`,
  );
  console.log(
    `peak RSS MB, with the filter        ${peak.toFixed(1).padStart(9)}   ≤ ${TARGETS.rssMb} MB  ${verdict(peak <= TARGETS.rssMb)}`,
  );
  return p99 <= TARGETS.p99Ms && peak <= TARGETS.rssMb;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      addresses: { type: 'string', default: '1000000' },
      transfers: { type: 'string', default: '10000' },
      watched: { type: 'string', default: '10' },
      blocks: { type: 'string', default: '200' },
    },
  });
  const [listSize, size, watched, blocks] = [
    values.addresses,
    values.transfers,
    values.watched,
    values.blocks,
  ].map(Number);
  const settings: WatcherSettings = watcherSettings('LTC', 'ltc1qhotwallethotwallethotwallethotwallet00');
  const now = Date.now();
  const endedSince = Math.floor(now / 1000) - settings.retentionDays * 86400;
  const db = await createTestDatabase();
  let dataSource: DataSource | undefined;
  try {
    // Silent: the seeding statements are slow queries on purpose.
    const logger = pino({ level: 'silent' });
    dataSource = await createDataSource({
      url: db.url,
      schema: WATCHER_SCHEMA,
      migrations: WATCHER_MIGRATIONS,
      poolSize: 5,
      logger,
    });
    console.log(
      `seeding ${listSize} watched addresses and ${Math.min(KNOWN_DEPOSITS, listSize)} known deposits…`,
    );
    let started = performance.now();
    await seed(dataSource, listSize, Math.floor(now / 1000));
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const picks = await pools(dataSource, endedSince);
    const build = (seed: number) => block(seed, size, watched, picks);
    const watchList = new WatchListRepository(dataSource);
    const deposits = new DepositRepository(dataSource);
    const clock = () => now;

    const memory: Record<string, number> = { 'before the filter is loaded': settledRssMb() };
    started = performance.now();
    let loadPeak = rssMb();
    const sampler = setInterval(() => (loadPeak = Math.max(loadPeak, rssMb())), 5);
    const matcher = await DepositMatcher.open(watchList, deposits, settings, clock).finally(() =>
      clearInterval(sampler),
    );
    console.log(`filter loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    memory['peak while the filter loads'] = Math.max(loadPeak, rssMb());
    memory['after the filter is loaded'] = settledRssMb();
    const everyAddress = { refresh: async () => undefined, mayBeWatched: () => true };
    const baseline = new DepositMatcher(watchList, deposits, everyAddress, settings, clock);

    // The watcher's own path first, so its memory figures carry nothing of the baseline's.
    await run(matcher, 5, (i) => build(-1 - i));
    console.log(`matching ${blocks} blocks with the filter, then the same blocks without…`);
    const filtered = await run(matcher, blocks, build);
    memory['peak while matching, with filter'] = filtered.peakRssMb;
    memory['after matching, with filter'] = settledRssMb();
    await run(baseline, 5, (i) => build(-1 - i));
    const base = await run(baseline, blocks, build);
    memory['peak while matching, database only'] = base.peakRssMb;

    const watchedAddresses = new Set([...picks.open, ...picks.late, ...picks.known.map((d) => d.address)]);
    for (let i = 0; i < blocks; i++) {
      const expected = expectedCount(build(i), watchedAddresses);
      if (filtered.found[i].join() !== base.found[i].join() || filtered.found[i].length !== expected) {
        throw new Error(
          `block ${i}: filter found ${filtered.found[i].length}, database ${base.found[i].length}, expected ${expected}`,
        );
      }
    }
    console.log(`\nboth paths found the same ${filtered.found.flat().length} deposits in ${blocks} blocks`);
    process.exitCode = report(base, filtered, memory, size) ? 0 : 1;
  } finally {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await db.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
