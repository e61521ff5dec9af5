// Issue 34's figure: one gateway holds thousands of idle live subscribers (D18's WebSocket at
// /v1/swap/stream) while a swap fleet runs through the real stack; every change of the fleet's
// swaps reaches a few active live subscribers and the key's webhook (D12) in the same run, and the
// bench prints both delivery latencies side by side.
//
// - Idle subscribers: IDLE connections on a key of their own, each subscribed to `all`. That key's
//   swaps do not change during the run, so they receive nothing but the gateway's pings: the
//   gateway holds their sockets, sessions and subscriptions, pings them every 25 s, and routes
//   every fleet event past them. One key holds them all, so the bench raises the gateway's
//   LIVE_CONNECTIONS_PER_KEY (default 20 per replica) for this run instead of creating hundreds
//   of keys; each connection holds one subscription, far below LIVE_SUBSCRIPTIONS_PER_CONNECTION.
// - Active subscribers: ACTIVE connections on the fleet's key, subscribed to `all`, recording when
//   each `swap.updated` message arrives.
// - Webhook: a receiver on this machine, the fleet key's webhook URL, answering 200 at once and
//   recording when each POST arrives (its X-Webhook-Id names the swap and version, D12).
// - Fleet: swaps opened through the signed API and paid on the devnet (swap-fleet.ts), the
//   watchers' reports published at a steady rate (swap-phase.ts), then mined to DONE.
//
// Latency of one delivery = its arrival here (wall clock) − the moment JetStream stored that
// version's `swap.<id>.updated` event (the stream's own timestamp, read by SwapEventLog). Both
// channels start from that same event, which is when the change became visible to the rest of the
// service, so the two figures are comparable, and neither includes this process's scheduling of the
// publish. This machine is both sides, so the clocks are the same clock.
//
// File descriptors: the bench process holds one socket per connection, and so does the gateway
// (a child, which inherits this process's limit). `ulimit -n` must exceed IDLE + ACTIVE + about
// 500 (NATS, HTTP, PostgreSQL, the service's own files); the bench checks it before starting.
//
//   npm run bench:live [-- --idle 5000 --active 3 --swaps 300 --rate 30]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { notifierSetWebhook } from '@swap/contracts';
import { FINAL_STATUSES, type SwapStatus } from '@swap/domain';
import { computeSignature, newNonce } from '@swap/sdk';
import { Stack, type TestKey } from '@swap/stack';
import { CpuMeter, stackProcesses } from './cpu-meter';
import { DEPLOYED_TIMERS } from './deployed-timers';
import { forEachLimited } from './limited';
import { percentile, wallClockMs } from './measure';
import { SwapEventLog } from './swap-event-log';
import { StageTimes } from './stage-times';
import { mineDeep, openFleet, reportEarlier } from './swap-fleet';
import { runPhase, waitIdle } from './swap-phase';

const STREAM_PATH = '/v1/swap/stream';
/** Descriptors a stack's gateway (or this process) uses besides the live connections. */
const FD_HEADROOM = 500;
/** Upgrades under way at once while the idle connections are opened. */
const OPEN_CONCURRENCY = 32;

/** Where the fleet's swaps end: paid out and confirmed, or refunded, expired, failed. */
const SETTLED: readonly SwapStatus[] = [...FINAL_STATUSES, 'FAILED'];

/** Arrival times (wall clock, ms) by `<swap id>:<version>`, one list per delivery. */
type Arrivals = Map<string, number[]>;

function arrived(arrivals: Arrivals, name: string, at: number): void {
  const list = arrivals.get(name);
  if (list) list.push(at);
  else arrivals.set(name, [at]);
}

/** The soft limit on open files of this process (inherited by the stack's services). */
function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : Number.NaN;
}

/** The stream's URL signed with D18's query parameters: a fresh nonce for every connection. */
function streamUrl(gateway: string, key: TestKey): string {
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = newNonce();
  const sign = computeSignature(key.secret, {
    timestamp: ts,
    nonce,
    method: 'GET',
    path: STREAM_PATH,
    body: '',
  });
  return `${gateway.replace(/^http/, 'ws')}${STREAM_PATH}?${new URLSearchParams({ key: key.key, ts, nonce, sign })}`;
}

/**
 * Opens a connection and subscribes it to every swap of its key; resolves once `subscribed` came
 * back. `onChange` gets each change's `<swap id>:<version>` and its arrival (wall clock, ms).
 */
function subscribeAll(
  gateway: string,
  key: TestKey,
  onChange?: (name: string, at: number) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(streamUrl(gateway, key));
    ws.once('open', () => ws.send(JSON.stringify({ op: 'subscribe', all: true })));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('close', (code, reason) => reject(new Error(`closed ${code} ${reason.toString()}`)));
    ws.on('message', (data) => {
      const at = wallClockMs();
      const message = JSON.parse(data.toString()) as {
        type: string;
        msg?: string;
        version?: number;
        data?: { id: string };
      };
      if (message.type === 'subscribed') resolve(ws);
      else if (message.type === 'error') reject(new Error(message.msg));
      else if (message.type === 'swap.updated') onChange?.(`${message.data?.id}:${message.version}`, at);
    });
  });
}

/** The fleet key's webhook receiver: records each POST's arrival by its event id `evt_<swap>_<version>`. */
async function webhookReceiver(arrivals: Arrivals) {
  const server = createServer((req, res) => {
    const at = wallClockMs();
    const event = /^evt_(.+)_(\d+)$/.exec(String(req.headers['x-webhook-id'] ?? ''));
    req.resume();
    req.on('end', () => {
      res.end();
      if (event) arrived(arrivals, `${event[1]}:${event[2]}`, at);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      idle: { type: 'string', default: '5000' },
      active: { type: 'string', default: '3' },
      swaps: { type: 'string', default: '300' },
      rate: { type: 'string', default: '30' },
      'timeout-seconds': { type: 'string', default: '300' },
    },
  });
  const idle = Number(values.idle);
  const active = Number(values.active);
  const count = Number(values.swaps);
  const timeoutMs = Number(values['timeout-seconds']) * 1000;
  const limit = openFilesLimit();
  if (limit < idle + active + FD_HEADROOM)
    throw new Error(
      `ulimit -n is ${limit}: ${idle} idle connections need at least ${idle + active + FD_HEADROOM} (raise it, or pass --idle)`,
    );

  const live: Arrivals = new Map();
  const hooks: Arrivals = new Map();
  const receiver = await webhookReceiver(hooks);
  const stack = await Stack.start({
    ...DEPLOYED_TIMERS,
    devnetEnv: { DEVNET_BLOCK_SECONDS: '0' },
    notifier: {},
    // All idle connections share one key (see the top of this file).
    env: { LIVE_CONNECTIONS_PER_KEY: String(idle + active + 10) },
  });
  const sockets: WebSocket[] = [];
  let log: SwapEventLog | undefined;
  let stages: StageTimes | undefined;
  try {
    const gateway = stack.gateways[0];
    const fleetKey = await stack.createKey({ rateLimit: 100_000 });
    const idleKey = await stack.createKey({ rateLimit: 100_000 });
    const client = stack.client(fleetKey);
    await stack.pricesReady(fleetKey);
    await stack.call(notifierSetWebhook, { key: fleetKey.key, url: receiver.url });
    log = await SwapEventLog.open(stack.bus);
    stages = await StageTimes.open(stack.bus);
    const meter = new CpuMeter(() => stackProcesses(stack));

    const rssBefore = rssMiB(gateway.pid);
    console.log(`opening ${idle} idle live connections (key ${idleKey.key}, subscribe all)…`);
    const opening = performance.now();
    await forEachLimited([...Array(idle).keys()], OPEN_CONCURRENCY, async () => {
      sockets.push(await subscribeAll(gateway.url, idleKey));
    });
    const openSeconds = (performance.now() - opening) / 1000;
    for (let i = 0; i < active; i++) {
      sockets.push(await subscribeAll(gateway.url, fleetKey, (name, at) => arrived(live, name, at)));
    }
    const rssHeld = rssMiB(gateway.pid);
    console.log(
      `${idle} idle + ${active} active connections open in ${openSeconds.toFixed(1)} s; gateway RSS ${rssBefore.toFixed(0)} → ${rssHeld.toFixed(0)} MiB`,
    );

    const fleetStart = wallClockMs();
    const cpuBefore = meter.sample();
    const cpuStart = performance.now();
    console.log(`opening ${count} swaps and paying their deposits on the devnet…`);
    const fleet = await openFleet(stack, client, count, 8);
    await reportEarlier(stack.bus, fleet, 16);
    await waitIdle(stack.bus);
    console.log(`${values.rate} deposit-confirmed reports per second…`);
    await runPhase(
      stack.bus,
      log,
      stages,
      fleet,
      { rate: Number(values.rate), concurrency: 16 },
      timeoutMs,
      meter,
    );
    await mineDeep(stack);
    const events = log;
    await events.until(
      () => fleet.every((swap) => SETTLED.includes(events.of(swap.id).at(-1)?.status ?? 'NEW')),
      timeoutMs,
      () => 'fleet swaps never settled',
    );
    // Every version of the fleet's swaps the stream stored, and when.
    const stored = new Map<string, number>();
    for (const swap of fleet)
      for (const change of log.of(swap.id))
        if (change.at >= fleetStart) stored.set(`${swap.id}:${change.version}`, change.at);
    const complete = (arrivals: Arrivals, each: number) =>
      [...stored.keys()].every((name) => (arrivals.get(name)?.length ?? 0) >= each);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !(complete(live, active) && complete(hooks, 1)))
      await new Promise((resolve) => setTimeout(resolve, 200));
    const cpu = CpuMeter.spent(cpuBefore, meter.sample());
    const cpuSeconds = (performance.now() - cpuStart) / 1000;
    const rssAfter = rssMiB(gateway.pid);
    const stillOpen = sockets.slice(0, idle).filter((ws) => ws.readyState === WebSocket.OPEN).length;

    const latencies = (arrivals: Arrivals) => {
      const values: number[] = [];
      for (const [name, at] of stored) for (const t of arrivals.get(name) ?? []) values.push(t - at);
      return values;
    };
    const liveMs = latencies(live);
    const hookMs = latencies(hooks);
    const cell = (values: number[], p: number) => `${percentile(values, p).toFixed(0)}`.padStart(7);
    const row = (name: string, values: number[], expected: number) =>
      console.log(
        `${name.padEnd(34)}${String(values.length).padStart(8)} / ${String(expected).padEnd(8)}${cell(values, 50)}${cell(values, 99)}${cell(values, 100)}`,
      );
    console.log(
      `\n${count} swaps, ${stored.size} swap versions stored; ${idle} idle connections held (${stillOpen} still open at the end)`,
    );
    console.log('delivery: stored in JetStream → received   received / expected   p50 ms  p99 ms  max ms');
    row(`live (D18), ${active} subscribers to all`, liveMs, stored.size * active);
    row('webhooks (D12)', hookMs, stored.size);
    const gatewayCpu = cpu.get(gateway.name) ?? Number.NaN;
    console.log(
      `gateway: RSS ${rssBefore.toFixed(0)} MiB before the connections, ${rssHeld.toFixed(0)} MiB holding them, ${rssAfter.toFixed(0)} MiB after the fleet; ` +
        `CPU ${(gatewayCpu / 1000).toFixed(1)} s over the fleet's ${cpuSeconds.toFixed(0)} s (${((100 * gatewayCpu) / (cpuSeconds * 1000)).toFixed(0)}% of a core)`,
    );
    process.exitCode =
      stillOpen === idle && liveMs.length === stored.size * active && hookMs.length >= stored.size ? 0 : 1;
  } finally {
    for (const ws of sockets) ws.terminate();
    await log?.close();
    await stages?.close();
    await stack.stop();
    await receiver.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
