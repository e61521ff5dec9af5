import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import * as contracts from '@swap/contracts';
import { BUS_ACCESS, BUS_IDENTITIES, DEVNET_CHAIN_CALLS, type BusIdentity } from '@swap/contracts';

// The bus permissions are generated from BUS_ACCESS; this holds the table equal to what the code
// does. Every bus call and handler in the sources names its contract (`@OnRequest(treasuryBalances)`,
// `bus.publish(swapUpdated, …)`, `bus.kv(pricesKv)`), so each is read off the source of the identity
// that runs it: apps/<app> and libs/<app> are that service's; a shared library's calls count for
// the services that import it (the market feed for the gateway and the engine). A handler or call
// added without its table entry fails here, before nats-server refuses it at run time; an entry
// no code uses fails too, so no permission outlives its code.

const ROOT = resolve(__dirname, '../..');

/** Which identity each app runs as; the launcher and the test tools are on no bus. */
const APP_IDENTITY: Record<string, BusIdentity | undefined> = {
  gateway: 'gateway',
  pricing: 'pricing',
  engine: 'engine',
  watcher: 'watcher',
  treasury: 'treasury',
  refunds: 'refunds',
  notifier: 'notifier',
  devnet: 'devnet',
  swapctl: 'operator',
};

type Kind = 'publishes' | 'consumes' | 'observes' | 'follows' | 'serves' | 'calls' | 'sends' | 'hears' | 'kv';

const USES: Array<{ kind: Kind; pattern: RegExp }> = [
  { kind: 'consumes', pattern: /@OnEvent\(\s*(\w+)/g },
  { kind: 'consumes', pattern: /\.consume\(\s*(\w+)/g },
  { kind: 'serves', pattern: /@OnRequest\(\s*(\w+)/g },
  { kind: 'hears', pattern: /@OnSignal\(\s*(\w+)/g },
  { kind: 'publishes', pattern: /\.publish(?:Batched)?\(\s*(\w+)/g },
  { kind: 'observes', pattern: /\.observe\(\s*(\w+)/g },
  { kind: 'follows', pattern: /\.(?:follow|replay)\(\s*(\w+)/g },
  { kind: 'calls', pattern: /\.request\(\s*(\w+)/g },
  { kind: 'calls', pattern: /devnetCall\(\s*[\w.]+\s*,\s*(\w+)/g },
  { kind: 'sends', pattern: /\.signal\(\s*(\w+)/g },
  { kind: 'kv', pattern: /\.kv\(\s*(\w+)/g },
];

/** Contract objects by their exported name, so a name in the source is a contract only if it is one. */
const CONTRACT_NAMES = new Map<unknown, string>();
const CONTRACT_BY_NAME = new Map<string, unknown>();
for (const [name, value] of Object.entries(contracts)) {
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (kind === 'event' || kind === 'rpc' || kind === 'signal' || kind === 'kv') {
    CONTRACT_NAMES.set(value, name);
    CONTRACT_BY_NAME.set(name, value);
  }
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'test' && entry !== 'node_modules') out.push(...sources(path));
    } else if (entry.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec|d)\.ts$/.test(entry)) out.push(path);
  }
  return out;
}

function usesIn(file: string): Array<{ kind: Kind; name: string }> {
  const text = readFileSync(file, 'utf8');
  const found: Array<{ kind: Kind; name: string }> = [];
  for (const { kind, pattern } of USES)
    for (const match of text.matchAll(pattern))
      if (CONTRACT_BY_NAME.has(match[1])) found.push({ kind, name: match[1] });
  return found;
}

/** The identity whose process runs a file, or the shared library it belongs to. */
function ownerOf(file: string): { identity?: BusIdentity; sharedLib?: string } {
  const [top, name, sub] = relative(ROOT, file).split('/');
  if (top === 'apps') return { identity: APP_IDENTITY[name] };
  if (top === 'libs' && name === 'shared') return { sharedLib: sub };
  if (top === 'libs') return { identity: APP_IDENTITY[name] };
  return {};
}

const files = [...sources(join(ROOT, 'apps')), ...sources(join(ROOT, 'libs'))].filter(
  (file) =>
    !relative(ROOT, file).startsWith('libs/testing/') &&
    !relative(ROOT, file).startsWith('libs/shared/testing/'),
);

/** The shared libraries each identity's own files import. */
const importsOf = new Map<BusIdentity, Set<string>>();
for (const file of files) {
  const { identity } = ownerOf(file);
  if (!identity) continue;
  const libs = importsOf.get(identity) ?? new Set<string>();
  for (const match of readFileSync(file, 'utf8').matchAll(/from '@swap\/([\w-]+)'/g)) libs.add(match[1]);
  importsOf.set(identity, libs);
}

function usedBy(identity: BusIdentity): Record<Kind, string[]> {
  const used: Record<Kind, Set<string>> = {
    publishes: new Set(),
    consumes: new Set(),
    observes: new Set(),
    follows: new Set(),
    serves: new Set(),
    calls: new Set(),
    sends: new Set(),
    hears: new Set(),
    kv: new Set(),
  };
  for (const file of files) {
    const owner = ownerOf(file);
    const counts =
      owner.identity === identity || (owner.sharedLib && importsOf.get(identity)?.has(owner.sharedLib));
    if (!counts) continue;
    for (const { kind, name } of usesIn(file)) {
      // The devnet's chain calls count only where the devnet stands in for the chains (busAccessOf).
      if (
        kind === 'calls' &&
        owner.sharedLib === 'chain' &&
        DEVNET_CHAIN_CALLS.some((c) => CONTRACT_NAMES.get(c) === name)
      )
        continue;
      used[kind].add(name);
    }
  }
  return Object.fromEntries(Object.entries(used).map(([kind, names]) => [kind, [...names].sort()])) as Record<
    Kind,
    string[]
  >;
}

function declared(identity: BusIdentity): Record<Kind, string[]> {
  const access = BUS_ACCESS[identity];
  const names = (list: unknown[]) => list.map((c) => CONTRACT_NAMES.get(c) ?? '(not exported)').sort();
  return {
    publishes: names(access.publishes),
    consumes: names(access.consumes.map((c) => c.event)),
    observes: names(access.observes),
    follows: names(access.follows),
    serves: names(access.serves),
    calls: names(access.calls),
    sends: names(access.sends),
    hears: names(access.hears),
    kv: names(access.kv.map((k) => k.bucket)),
  };
}

describe('BUS_ACCESS, the table the bus permissions are generated from', () => {
  it.each(BUS_IDENTITIES.map((identity) => [identity]))(
    '%s: the table lists exactly the contracts its code handles, publishes, requests and opens',
    (identity) => {
      expect(declared(identity)).toEqual(usedBy(identity));
    },
  );

  it('names every durable a handler pulls (a durable off the table gets no consumer permission)', () => {
    const durables = new Map<string, string[]>();
    for (const file of files) {
      const { identity } = ownerOf(file);
      if (!identity) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(
        /@OnEvent\(\s*(\w+)\s*,\s*\{\s*durable:\s*'([^']+)'/g,
      )) {
        durables.set(`${identity} ${match[1]}`, [
          ...(durables.get(`${identity} ${match[1]}`) ?? []),
          match[2],
        ]);
      }
    }
    expect(durables.size).toBeGreaterThan(3);
    for (const [key, names] of durables) {
      const [identity, event] = key.split(' ');
      const entry = BUS_ACCESS[identity as BusIdentity].consumes.find(
        (c) => CONTRACT_NAMES.get(c.event) === event,
      );
      expect({ key, names: names.filter((n) => !entry?.durables.includes(n)) }).toEqual({ key, names: [] });
    }
  });

  it("covers the devnet's chain calls with DEVNET_CHAIN_CALLS, exactly", () => {
    const chainFiles = files.filter((file) => ownerOf(file).sharedLib === 'chain');
    const called = new Set(
      chainFiles.flatMap((file) =>
        usesIn(file)
          .filter((u) => u.kind === 'calls')
          .map((u) => u.name),
      ),
    );
    expect([...called].sort()).toEqual(DEVNET_CHAIN_CALLS.map((c) => CONTRACT_NAMES.get(c)).sort());
  });
});
