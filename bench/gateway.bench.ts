// Issue 2's figure: signed /swap/status and /swap/price requests per second, as a ratio to a bare
// Node `http` server answering a fixed JSON body, all measured in this run with the same load
// generator and the same signed requests. Targets: status ≥ 0.4, price ≥ 0.5. Then issue 24's:
// webhook deliveries per second to a local receiver, beside the raw JetStream rate of the same run.
//
//   npm run bench [-- --seconds 5 --connections 50 --rounds 5 --webhook-events 2000]
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Stack } from '@swap/stack';
import { DEPLOYED_TIMERS } from './deployed-timers';
import { CpuMeter, stackProcesses } from './cpu-meter';
import { LoadResult, LoadTarget, runSignedLoad } from './signed-load';
import { measureWebhooks, reportWebhooks } from './webhook-delivery';

const TARGETS = { status: 0.4, price: 0.5 } as const;
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function startBareServer(): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(__dirname, 'bare-server.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, child };
}

interface Round {
  bare: Measured;
  status: Measured;
  price: Measured;
}

/** A load result with the CPU ms each process of the run spent during it. */
type Measured = LoadResult & { cpu: Map<string, number> };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Each endpoint's ratio is taken against the bare server of the same round, then the median of the rounds. */
function report(rounds: Round[]): boolean {
  let met = true;
  console.log('\nround  bare req/s  status req/s (ratio)  price req/s (ratio)');
  rounds.forEach((r, i) => {
    const cell = (x: LoadResult) =>
      `${x.requestsPerSecond.toFixed(0).padStart(8)} (${(x.requestsPerSecond / r.bare.requestsPerSecond).toFixed(2)})`;
    console.log(
      `${String(i + 1).padStart(5)}  ${r.bare.requestsPerSecond.toFixed(0).padStart(10)}  ${cell(r.status).padStart(20)}  ${cell(r.price).padStart(19)}`,
    );
  });
  console.log('\nCPU while each target is under load (all rounds): µs per request, share of one core');
  console.log('target    server µs  server core  nats-server  postgres  other services  load generator');
  for (const name of ['bare', 'status', 'price'] as const) {
    const server = name === 'bare' ? 'bare-server' : 'gateway-0';
    const sum = (process: string) => rounds.reduce((ms, r) => ms + (r[name].cpu.get(process) ?? 0), 0);
    const named = new Set([server, 'nats-server', 'postgres', 'bench']);
    const others = rounds.reduce(
      (ms, r) =>
        ms + [...r[name].cpu].reduce((sum, [process, spent]) => sum + (named.has(process) ? 0 : spent), 0),
      0,
    );
    const requests = rounds.reduce((n, r) => n + r[name].requests, 0);
    const seconds = rounds.reduce((s, r) => s + r[name].seconds, 0);
    const core = (ms: number) => `${((100 * ms) / (seconds * 1000)).toFixed(0)}%`;
    console.log(
      [
        name.padEnd(8),
        ((1000 * sum(server)) / requests).toFixed(0).padStart(10),
        core(sum(server)).padStart(12),
        core(sum('nats-server')).padStart(12),
        core(sum('postgres')).padStart(9),
        core(others).padStart(15),
        core(sum('bench')).padStart(15),
      ].join(' '),
    );
  }
  console.log('\nendpoint  median ratio  p99 ms  non-2xx  errors  goal');
  for (const name of ['status', 'price'] as const) {
    const ratio = median(rounds.map((r) => r[name].requestsPerSecond / r.bare.requestsPerSecond));
    const p99 = median(rounds.map((r) => r[name].p99Ms));
    const non2xx = rounds.reduce((sum, r) => sum + r[name].non2xx, 0);
    const errors = rounds.reduce((sum, r) => sum + r[name].errors, 0);
    const ok = ratio >= TARGETS[name] && non2xx === 0 && errors === 0;
    met &&= ok;
    console.log(
      [
        name.padEnd(8),
        ratio.toFixed(2).padStart(12),
        String(p99).padStart(7),
        String(non2xx).padStart(8),
        String(errors).padStart(7),
        ` ≥ ${TARGETS[name]} ${ok ? 'met' : 'MISSED'}`,
      ].join(' '),
    );
  }
  return met;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '5' },
      'webhook-events': { type: 'string', default: '2000' },
    },
  });
  const load = { seconds: Number(values.seconds), connections: Number(values.connections) };
  // The notifier as deployed (its own defaults), idle until the webhook figure.
  const stack = await Stack.start({ ...DEPLOYED_TIMERS, notifier: { env: { WEBHOOK_POLL_MS: '500' } } });
  const bare = await startBareServer();
  try {
    const credentials = await stack.createKey({ rateLimit: 100_000 });
    await stack.pricesReady(credentials);
    const swap = await stack.client(credentials).create({
      from: 'BTC',
      to: 'ETH',
      amount: '0.01',
      toAddress: ETH_ADDRESS,
    });
    const gateway = stack.gateways[0].url;
    const statusBody = JSON.stringify({ id: swap.id });
    const priceBody = JSON.stringify({ from: 'BTC', to: 'ETH', amount: '0.01' });
    const targets: Record<keyof Round, LoadTarget> = {
      bare: { name: 'bare', origin: bare.origin, path: '/v1/swap/status', body: statusBody },
      status: { name: 'status', origin: gateway, path: '/v1/swap/status', body: statusBody },
      price: { name: 'price', origin: gateway, path: '/v1/swap/price', body: priceBody },
    };
    const options = { ...load, credentials };
    const meter = new CpuMeter(() => [
      { name: 'bare-server', pid: bare.child.pid },
      ...stackProcesses(stack),
    ]);
    const measured = async (target: LoadTarget): Promise<Measured> => {
      const before = meter.sample();
      const result = await runSignedLoad(target, options);
      return { ...result, cpu: CpuMeter.spent(before, meter.sample()) };
    };
    for (const target of Object.values(targets)) await runSignedLoad(target, { ...options, seconds: 2 }); // warm-up
    // Rounds interleave the targets, so a slow patch of the machine hits all of them alike.
    const rounds: Round[] = [];
    for (let i = 0; i < Number(values.rounds); i++) {
      rounds.push({
        bare: await measured(targets.bare),
        status: await measured(targets.status),
        price: await measured(targets.price),
      });
    }
    console.log(`\n${load.connections} connections, ${load.seconds} s per target and round`);
    const met = report(rounds);
    // After the gateway's rounds, so its figures are taken as before (the notifier idle).
    reportWebhooks(await measureWebhooks(stack, credentials, Number(values['webhook-events']), 3), median);
    process.exitCode = met ? 0 : 1;
  } finally {
    bare.child.kill('SIGTERM');
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
