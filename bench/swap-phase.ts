import type { Bus } from '@swap/bus';
import { ALL_STREAMS, engineInbox, engineInputId, treasuryTransfers } from '@swap/contracts';
import type { SwapStatus } from '@swap/domain';
import { CpuMeter } from './cpu-meter';
import { forEachLimited } from './limited';
import { wallClockMs } from './measure';
import type { FleetSwap } from './swap-fleet';
import type { SwapEventLog } from './swap-event-log';
import type { StageTimes } from './stage-times';

/** How the deposit-confirmed reports reach the engine inbox. */
export interface Delivery {
  /** Reports per second, evenly spaced; null: all at once. */
  rate: number | null;
  /** Publishes awaiting their PubAck at once. */
  concurrency: number;
}

export interface PhaseResult {
  swaps: number;
  /** Swaps that ended anywhere but SENDING (refunded for lack of liquidity, failed…). */
  failed: Map<string, SwapStatus>;
  /** The busy period: first report published → last SENDING stored. */
  seconds: number;
  /** Changes of these swaps the engine persisted (and published) within the busy period. */
  transitions: number;
  /** Report published → SENDING stored, ms, one per swap that got there. */
  toSending: number[];
  /** Report published → EXCHANGING stored, ms (the engine's part). */
  toExchanging: number[];
  /** EXCHANGING → SENDING in its three legs, ms: the engine's payout command, the treasury's broadcast report, SENDING. */
  legs: Record<'command' | 'treasury' | 'sending', number[]>;
  /** The phase on the monotonic clock V8's CPU profiles use (µs), to cut a profile to it. */
  monotonicUs: [bigint, bigint];
  /** CPU ms each process spent from the first report until every swap had settled… */
  cpu: Map<string, number>;
  /** …which took this long (the busy period and the last check's delay). */
  cpuSeconds: number;
}

const AFTER_CREDIT: readonly SwapStatus[] = ['SENDING', 'REFUNDING', 'RATE_CHANGED', 'FAILED', 'DONE'];

/**
 * Publishes every swap's deposit-confirmed report on the engine inbox, as the watcher of its
 * network would, and waits until each swap's payout is broadcast (its SENDING event) or it ended
 * elsewhere.
 */
export async function runPhase(
  bus: Bus,
  log: SwapEventLog,
  stages: StageTimes,
  fleet: readonly FleetSwap[],
  delivery: Delivery,
  timeoutMs: number,
  meter: CpuMeter,
): Promise<PhaseResult> {
  const cpuBefore = meter.sample();
  const cpuStart = performance.now();
  const publishedAt = new Array<number>(fleet.length);
  const monotonicStart = process.hrtime.bigint() / 1000n;
  const start = wallClockMs();
  await forEachLimited(fleet, delivery.concurrency, async (swap, i) => {
    if (delivery.rate) await sleep(start + (i * 1000) / delivery.rate - wallClockMs());
    publishedAt[i] = wallClockMs();
    await bus.publish(engineInbox, [swap.id], swap.input, { msgId: engineInputId(swap.input) });
  });
  const settled = (swap: FleetSwap) => log.of(swap.id).some((c) => AFTER_CREDIT.includes(c.status));
  let first = 0; // every swap before it has settled: each check resumes there
  await log.until(
    () => {
      while (first < fleet.length && settled(fleet[first])) first++;
      return first === fleet.length;
    },
    timeoutMs,
    () =>
      `${fleet.length - first}+ swaps not past crediting, e.g. ${fleet[first]?.id}: ${JSON.stringify(log.of(fleet[first]?.id ?? ''))}`,
  );
  const monotonicUs: [bigint, bigint] = [monotonicStart, process.hrtime.bigint() / 1000n];
  const cpu = CpuMeter.spent(cpuBefore, meter.sample());
  const cpuSeconds = (performance.now() - cpuStart) / 1000;
  const failed = new Map<string, SwapStatus>();
  const toSending: number[] = [];
  const toExchanging: number[] = [];
  const legs: PhaseResult['legs'] = { command: [], treasury: [], sending: [] };
  let end = start;
  fleet.forEach((swap, i) => {
    const sending = log.reached(swap.id, 'SENDING');
    const exchanging = log.reached(swap.id, 'EXCHANGING');
    if (exchanging) toExchanging.push(exchanging.at - publishedAt[i]);
    const requested = stages.at(swap.id, 'payout requested');
    const reported = stages.at(swap.id, 'broadcast reported');
    if (exchanging && requested && reported && sending) {
      legs.command.push(requested - exchanging.at);
      legs.treasury.push(reported - requested);
      legs.sending.push(sending.at - reported);
    }
    if (!sending) failed.set(swap.id, log.of(swap.id).at(-1)?.status ?? 'NEW');
    else {
      toSending.push(sending.at - publishedAt[i]);
      end = Math.max(end, sending.at);
    }
  });
  const begin = Math.min(...publishedAt);
  const transitions = fleet.reduce(
    (sum, swap) => sum + log.of(swap.id).filter((c) => c.at >= begin && c.at <= end).length,
    0,
  );
  const seconds = (end - begin) / 1000;
  return {
    swaps: fleet.length,
    failed,
    seconds,
    transitions,
    toSending,
    toExchanging,
    legs,
    monotonicUs,
    cpu,
    cpuSeconds,
  };
}

/**
 * Waits until the previous step's consequences have been handled: no durable consumer of the
 * services' streams has messages pending or unacknowledged, and the treasury has nothing planned
 * or signed left to send (the sweeps and gas top-ups a phase's credited deposits leave behind),
 * twice in a row, longer apart than the treasury's confirmation poll (which plans token sweeps).
 */
export async function waitIdle(bus: Bus, timeoutMs = 180_000): Promise<void> {
  const jsm = await bus.manager();
  const deadline = Date.now() + timeoutMs;
  const unsent = async () => {
    const reply = await bus.request(
      treasuryTransfers,
      { states: ['PLANNED', 'SIGNED'], limit: 1 },
      { timeoutMs: 10_000 },
    );
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.data.length;
  };
  for (let quiet = 0; quiet < 2;) {
    if (Date.now() > deadline) throw new Error('the services did not become idle');
    let busy = (await unsent()) > 0;
    for (const stream of ALL_STREAMS)
      for await (const info of jsm.consumers.list(stream.name))
        if (info.config.durable_name && info.num_pending + info.num_ack_pending > 0) busy = true;
    quiet = busy ? 0 : quiet + 1;
    await sleep(busy ? 500 : 3500);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
