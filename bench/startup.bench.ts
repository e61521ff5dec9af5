// Issue 31's figures: where each service's start-up time goes, with one stack starting alone and
// with two stacks starting at once (as two end-to-end suites do under `npm test`). A stack here is
// the largest the suites start: gateway, pricing, treasury, devnet, engine, a watcher per network,
// refunds and the notifier (14 processes), each on its own nats-server and database.
//
// Each service tells its finished start-up steps over IPC (StartupProgress): modules loaded, bus
// connected, database migrated, providers built, modules initialised, bus handlers started,
// listening. The baseline, measured in the same run under the same load, is a bare Node process
// (bench/bare-server.ts) from spawn to listening: what any service pays before its own code runs.
//
//   npm run bench:startup [-- --rounds 3]
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NETWORKS } from '@swap/domain';
import { Stack, type ServiceProcess } from '@swap/stack';
import { percentile } from './measure';

const STEPS = [
  'modules loaded',
  'bus connected',
  'database migrated',
  'providers built',
  'modules initialised',
  'listening',
] as const;

interface ServiceTimes {
  name: string;
  readyMs: number;
  /** ms since the process started, per step. */
  steps: Record<string, number>;
}

interface Round {
  stackMs: number;
  liquidityMs: number;
  bareMs: number;
  services: ServiceTimes[];
}

/** A bare Node server from spawn until it says its port: the floor of any service's start. */
function bareStart(): Promise<number> {
  const started = Date.now();
  const child = spawn(process.execPath, [join(__dirname, 'bare-server.js')], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => {
      resolve(Date.now() - started);
      child.kill('SIGTERM');
    });
    child.once('error', reject);
  });
}

async function startStack(): Promise<Round> {
  const started = Date.now();
  const [stack, bareMs] = await Promise.all([
    Stack.start({ chains: { networks: NETWORKS }, notifier: {} }),
    bareStart(),
  ]);
  const stackMs = Date.now() - started;
  const services = stack.services.map(times);
  await stack.stop();
  return { stackMs, liquidityMs: stack.liquidityMs ?? NaN, bareMs, services };
}

function times(service: ServiceProcess): ServiceTimes {
  return {
    name: service.name.startsWith('watcher-') ? 'watcher' : service.name,
    readyMs: service.startMs ?? NaN,
    steps: Object.fromEntries(service.startupSteps.map(({ step, atMs }) => [step, atMs])),
  };
}

/** Each service stopped and started again on its own, the rest of its stack running. */
async function restartEachAlone(): Promise<Round> {
  const stack = await Stack.start({ chains: { networks: ['BTC'] }, notifier: {} });
  const bare: number[] = [];
  for (const service of stack.services) {
    await service.stop();
    const [, bareMs] = await Promise.all([service.start(), bareStart()]);
    bare.push(bareMs);
  }
  const services = stack.services.map(times);
  await stack.stop();
  return { stackMs: NaN, liquidityMs: NaN, bareMs: median(bare), services };
}

const median = (values: number[]) => (values.length ? percentile(values, 50) : NaN);
const shown = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(0));

function table(title: string, rounds: Round[]): string {
  const names = [...new Set(rounds.flatMap((r) => r.services.map((s) => s.name)))];
  const header = ['service', 'ready', ...STEPS].map((h) => h.padStart(h === 'service' ? 10 : 12)).join(' ');
  const rows = names.map((name) => {
    const times = rounds.flatMap((r) => r.services.filter((s) => s.name === name));
    const cells = [
      shown(median(times.map((t) => t.readyMs))),
      ...STEPS.map((step) => shown(median(times.flatMap((t) => (step in t.steps ? [t.steps[step]] : []))))),
    ];
    return [name.padStart(10), ...cells.map((c) => c.padStart(12))].join(' ');
  });
  const stacks = shown(median(rounds.map((r) => r.stackMs)));
  const bare = shown(median(rounds.map((r) => r.bareMs)));
  const liquidity = shown(median(rounds.map((r) => r.liquidityMs)));
  return [
    `${title}: median of ${rounds.length}, ms from spawn (steps: ms since the process started)`,
    header,
    ...rows,
    `whole stack (build, nats, database, services, first liquidity): ${stacks} ms, of which ` +
      `first liquidity after every service was ready: ${liquidity} ms; bare node process: ${bare} ms`,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
  const rounds = Number(values.rounds);
  const single: Round[] = [];
  const alone: Round[] = [];
  const paired: Round[] = [];
  /** Per pair: until the later of the two stacks was usable. */
  const bothReady: number[] = [];
  for (let i = 0; i < rounds; i++) {
    single.push(await restartEachAlone());
    alone.push(await startStack());
    const pair = await Promise.all([startStack(), startStack()]);
    paired.push(...pair);
    bothReady.push(Math.max(...pair.map((round) => round.stackMs)));
  }
  process.stdout.write(
    [
      table('each service restarted on its own, its stack running', single),
      table('one stack alone', alone),
      table('two stacks at once', paired),
      `both stacks of a pair usable after: ${shown(median(bothReady))} ms (median of ${bothReady.length} pairs)`,
    ].join('\n\n') + '\n',
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
