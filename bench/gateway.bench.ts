// Issue 2's figure: signed /swap/status and /swap/price requests per second, as a ratio to a bare
// Node `http` server answering a fixed JSON body, all measured in this run with the same load
// generator and the same signed requests. Targets: status ≥ 0.4, price ≥ 0.5.
//
//   npm run bench [-- --seconds 10 --connections 50]
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Stack } from '@swap/stack';
import { LoadResult, LoadTarget, runSignedLoad } from './signed-load';

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

function report(results: LoadResult[], baseline: number): boolean {
  let met = true;
  console.log('\ntarget          req/s   p99 ms  non-2xx  errors  ratio  goal');
  for (const r of results) {
    const ratio = r.requestsPerSecond / baseline;
    const goal = TARGETS[r.name as keyof typeof TARGETS];
    const ok = goal === undefined || (ratio >= goal && r.non2xx === 0 && r.errors === 0);
    met &&= ok;
    console.log(
      [
        r.name.padEnd(12),
        r.requestsPerSecond.toFixed(0).padStart(8),
        String(r.p99Ms).padStart(8),
        String(r.non2xx).padStart(8),
        String(r.errors).padStart(7),
        ratio.toFixed(2).padStart(6),
        goal === undefined ? '' : `≥ ${goal} ${ok ? 'met' : 'MISSED'}`,
      ].join(' '),
    );
  }
  return met;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
  });
  const load = { seconds: Number(values.seconds), connections: Number(values.connections) };
  const stack = await Stack.start();
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
    const targets: LoadTarget[] = [
      { name: 'bare', origin: bare.origin, path: '/v1/swap/status', body: statusBody },
      { name: 'status', origin: gateway, path: '/v1/swap/status', body: statusBody },
      { name: 'price', origin: gateway, path: '/v1/swap/price', body: priceBody },
      // The baseline again at the end, so drift of the machine during the run shows.
      { name: 'bare-again', origin: bare.origin, path: '/v1/swap/price', body: priceBody },
    ];
    const options = { ...load, credentials };
    const results: LoadResult[] = [];
    for (const target of targets) {
      await runSignedLoad(target, { ...options, seconds: 2 }); // warm-up: JIT, pools, caches
      results.push(await runSignedLoad(target, options));
    }
    const bareRuns = results.filter((r) => r.name.startsWith('bare'));
    const baseline = bareRuns.reduce((sum, r) => sum + r.requestsPerSecond, 0) / bareRuns.length;
    console.log(
      `\n${load.connections} connections, ${load.seconds} s per target, baseline ${baseline.toFixed(0)} req/s`,
    );
    process.exitCode = report(results, baseline) ? 0 : 1;
  } finally {
    bare.child.kill('SIGTERM');
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
