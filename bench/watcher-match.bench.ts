// The watcher's matching at scale, per network case, each beside its baseline in the same run (the
// same blocks matched by the database-only path: the matcher without its address filter):
// - LTC (issue 5): 1,000,000 watched addresses, blocks of 10,000 transfers: at most 50 ms a block,
//   resident memory at most 300 MB (baseline: the RSS before the filter is loaded);
// - SOL (issue 20): 1,000,000 watched addresses, blocks of 3,000 transactions as the node answers
//   getBlock, timed from the answer's JSON to the sightings (what the reader and matcher do): at
//   most 50 ms a block (Solana makes 2.5 blocks a second).
//
// The watch list: 10 % open swaps, the rest ended up to 60 days ago (half of them past the 30-day
// retention, still held by the filter), and 100,000 deposits already known. Each block has
// `--watched` deposits (3 in 5 to open swaps, 1 to a recently ended one, 1 a known deposit seen
// again); the rest go to random addresses of the same shape.
//
//   npm run bench:watcher [-- --case ltc|sol|both --addresses 1000000 --size N --watched 10 --blocks 200]
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { ChainTransfer } from '@swap/chain';
import { createDataSource } from '@swap/persistence';
import { createTestDatabase } from '@swap/testing';
import { DepositMatcher, watcherSettings } from '@swap/watcher';
import {
  DepositRepository,
  WATCHER_MIGRATIONS,
  WATCHER_SCHEMA,
  WatchListRepository,
} from '@swap/watcher-data';
import type { DataSource } from 'typeorm';
import { percentile } from './measure';
import { LTC_CASE } from './watcher-cases/ltc-case';
import { SOL_CASE } from './watcher-cases/sol-case';
import type { Pools, WatcherCase } from './watcher-cases/watcher-case';

const KNOWN_DEPOSITS = 100_000;

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

async function seed(
  dataSource: DataSource,
  c: WatcherCase,
  count: number,
  nowSeconds: number,
): Promise<void> {
  await dataSource.query(
    `INSERT INTO watched_addresses (network, address_key, address, swap_id, currency, status, swap_version, ended_at)
     SELECT $3, a, a, 'Sw' || lpad(i::text, 10, '0'), $3, CASE WHEN i % 10 = 0 THEN 'NEW' ELSE 'DONE' END, 1,
            CASE WHEN i % 10 = 0 THEN NULL ELSE $2::bigint - (i % 60) * 86400 END
       FROM (SELECT i, ${c.addressSql} AS a FROM generate_series(1, $1::int) i) s`,
    [count, nowSeconds, c.network],
  );
  await dataSource.query(
    `INSERT INTO deposits (id, network, swap_id, address, currency, txid, output_index, amount,
                           required_confirmations, seen_at, state, block_height, block_hash, confirmations, settled)
     SELECT $3 || ':' || t || ':' || $4::int, $3, swap_id, address, $3, t, $4::int, 100000, 3, $2::bigint * 1000, 'block', 1, 'h', 3, true
       FROM (SELECT swap_id, address, ${c.txidSql} AS t
               FROM watched_addresses ORDER BY seq LIMIT $1) s`,
    [Math.min(KNOWN_DEPOSITS, count), nowSeconds, c.network, c.knownIndex],
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

/** Matches `blocks` blocks; each block's answer is built untimed, its decoding and matching timed. */
async function run(matcher: DepositMatcher, blocks: number, build: (seed: number) => () => ChainTransfer[]) {
  const result: PathRun = { ms: [], peakRssMb: rssMb(), found: [] };
  for (let i = 0; i < blocks; i++) {
    const decode = build(i);
    const started = performance.now();
    const sightings = await matcher.match(decode());
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
  c: WatcherCase,
  base: PathRun,
  filtered: PathRun,
  memory: Record<string, number>,
  size: number,
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
  const unit = c.network === 'SOL' ? 'transactions, from the JSON answer' : 'transfers';
  console.log(`\n${c.network}: path (blocks of ${size} ${unit})   blocks   median ms    p99 ms    max ms`);
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
  console.log(`\n${c.network} figure                              value     goal       verdict`);
  console.log(
    `p99 ms per block, with the filter   ${p99.toFixed(2).padStart(9)}   ≤ ${c.targetP99Ms} ms   ${verdict(p99 <= c.targetP99Ms)}`,
  );
  const rssOk = c.targetRssMb === null || peak <= c.targetRssMb;
  const goal = c.targetRssMb === null ? '(no goal)' : `≤ ${c.targetRssMb} MB`;
  console.log(
    `peak RSS MB, with the filter        ${peak.toFixed(1).padStart(9)}   ${goal.padEnd(9)}  ${c.targetRssMb === null ? '-' : verdict(rssOk)}`,
  );
  return p99 <= c.targetP99Ms && rssOk;
}

async function benchCase(c: WatcherCase, listSize: number, size: number, watched: number, blocks: number) {
  const settings = watcherSettings(c.network, c.hotWallet);
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
      `\n${c.network}: seeding ${listSize} watched addresses and ${Math.min(KNOWN_DEPOSITS, listSize)} known deposits…`,
    );
    let started = performance.now();
    await seed(dataSource, c, listSize, Math.floor(now / 1000));
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const picks = await pools(dataSource, endedSince);
    const build = (seed: number) => c.block(seed, size, watched, picks);
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
      const expected = expectedCount(build(i)(), watchedAddresses);
      if (filtered.found[i].join() !== base.found[i].join() || filtered.found[i].length !== expected) {
        throw new Error(
          `${c.network} block ${i}: filter found ${filtered.found[i].length}, database ${base.found[i].length}, expected ${expected}`,
        );
      }
    }
    console.log(`\nboth paths found the same ${filtered.found.flat().length} deposits in ${blocks} blocks`);
    return report(c, base, filtered, memory, size);
  } finally {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await db.drop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      case: { type: 'string', default: 'both' },
      addresses: { type: 'string', default: '1000000' },
      size: { type: 'string' },
      watched: { type: 'string', default: '10' },
      blocks: { type: 'string', default: '200' },
    },
  });
  const cases = { ltc: [LTC_CASE], sol: [SOL_CASE], both: [LTC_CASE, SOL_CASE] }[values.case ?? 'both'];
  if (!cases) throw new Error('--case is ltc, sol or both');
  let passed = true;
  for (const c of cases) {
    const size = values.size ? Number(values.size) : c.defaultBlockSize;
    passed =
      (await benchCase(c, Number(values.addresses), size, Number(values.watched), Number(values.blocks))) &&
      passed;
  }
  process.exitCode = passed ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
