// Issue 3's figures: swap transitions per second, and the latency from a deposit-confirmed report
// to the payout's broadcast (the swap's SENDING event), p50 and p99, with 1,000 swaps in flight —
// next to the raw JetStream publish → consume → ack rate measured in the same run on the same
// nats-server through the same client code (@swap/bus). Targets: transitions/s ≥ 0.3 × that rate,
// p99 < 250 ms.
//
// The real engine, treasury, devnet, pricing and gateway run as separate processes (@swap/stack);
// no watchers: the bench publishes each deposit's reports on the engine inbox itself, exactly as the
// network's watcher would (after really paying and mining the deposit on the devnet): the mempool
// sighting and the count short of the requirement before the phases (so a swap is PENDING or
// CONFIRMING when its deposit confirms), the confirming report in them; watcher polling does not
// enter the figures. No blocks are mined during the phases (DEVNET_BLOCK_SECONDS=0): payouts stay
// in the mempool, so their confirmations (DONE) are not part of the measured path; between the
// phases the bench mines, and waits until the burst's swaps are DONE.
//
//   burst:  all 1,000 reports at once — transitions/s over the busy period (the capacity figure);
//   steady: 1,000 more at an even rate (default: half the burst's swap rate) — the latency figure.
//
//   npm run bench:swaps [-- --swaps 1000 --concurrency 16 --rate 150 --baseline-messages 20000]
//   STACK_NODE_ARGS=--cpu-prof npm run bench:swaps   # profiles every service (*.cpuprofile in cwd);
//                                                    # the phases' windows on V8's clock are printed
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { EngineInput } from '@swap/contracts';
import { Stack } from '@swap/stack';
import { CpuMeter, stackProcesses } from './cpu-meter';
import { DEPLOYED_TIMERS } from './deployed-timers';
import { ENGINE_INPUTS, measureJetStream, type BaselineResult } from './jetstream-baseline';
import { percentile } from './measure';
import { SwapEventLog } from './swap-event-log';
import { StageTimes } from './stage-times';
import { measureSwapCosts, swapFloor, type SwapCosts } from './swap-floor';
import { mineDeep, openFleet, reportEarlier } from './swap-fleet';
import { runPhase, waitIdle, type PhaseResult } from './swap-phase';

const TARGETS = { ratio: 0.3, p99Ms: 250 } as const;

const ms = (values: number[], p: number) => percentile(values, p).toFixed(0);

function report(
  baseline: BaselineResult,
  burst: PhaseResult,
  steady: PhaseResult,
  rate: number,
  costs: SwapCosts,
): boolean {
  console.log(
    `\nJetStream baseline: ${baseline.messages} messages in ${baseline.seconds.toFixed(2)} s = ${baseline.rate.toFixed(0)} msg/s`,
  );
  console.log(
    '\nphase   swaps  delivery      busy s  swaps/s  transitions  trans/s  ratio  →EXCHANGING p50/p99 ms  →SENDING p50/p99 ms  not SENDING',
  );
  const row = (name: string, r: PhaseResult, delivery: string) => {
    const perSecond = r.transitions / r.seconds;
    console.log(
      [
        name.padEnd(6),
        String(r.swaps).padStart(6),
        delivery.padEnd(12),
        r.seconds.toFixed(2).padStart(7),
        (r.swaps / r.seconds).toFixed(0).padStart(8),
        String(r.transitions).padStart(12),
        perSecond.toFixed(0).padStart(8),
        (perSecond / baseline.rate).toFixed(3).padStart(6),
        `${ms(r.toExchanging, 50)} / ${ms(r.toExchanging, 99)}`.padStart(23),
        `${ms(r.toSending, 50)} / ${ms(r.toSending, 99)}`.padStart(20),
        String(r.failed.size).padStart(12),
      ].join(' '),
    );
  };
  row('burst', burst, 'all at once');
  row('steady', steady, `${rate.toFixed(0)}/s`);
  if (process.env['STACK_NODE_ARGS'])
    console.log(
      `profile windows (µs, monotonic): burst ${burst.monotonicUs.join('-')} steady ${steady.monotonicUs.join('-')}`,
    );
  reportLegs(burst, steady);
  reportCpu(burst, steady);
  reportFloor(baseline, burst, costs);
  for (const [id, status] of [...burst.failed, ...steady.failed].slice(0, 10))
    console.log(`  swap ${id} ended ${status}`);

  const ratio = burst.transitions / burst.seconds / baseline.rate;
  const p99 = percentile(steady.toSending, 99);
  const complete = burst.failed.size + steady.failed.size === 0;
  const ratioMet = ratio >= TARGETS.ratio && complete;
  const p99Met = p99 < TARGETS.p99Ms && complete;
  console.log('\nfigure                                      value   goal');
  console.log(
    `burst transitions/s ÷ JetStream rate  ${ratio.toFixed(3).padStart(12)}   ≥ ${TARGETS.ratio} ${ratioMet ? 'met' : 'MISSED'}`,
  );
  console.log(
    `steady p99 report → SENDING           ${`${p99.toFixed(0)} ms`.padStart(12)}   < ${TARGETS.p99Ms} ms ${p99Met ? 'met' : 'MISSED'}`,
  );
  return ratioMet && p99Met;
}

/** Where EXCHANGING → SENDING goes, by the streams' timestamps of the hand-overs. */
function reportLegs(burst: PhaseResult, steady: PhaseResult): void {
  console.log('\nEXCHANGING → SENDING by leg, p50 / p99 ms          burst          steady');
  const legs: Array<[keyof PhaseResult['legs'], string]> = [
    ['command', 'EXCHANGING → payout command (engine outbox)'],
    ['treasury', 'command → broadcast reported (treasury, devnet)'],
    ['sending', 'broadcast reported → SENDING (engine)'],
  ];
  for (const [leg, name] of legs) {
    const cell = (r: PhaseResult) => `${ms(r.legs[leg], 50)} / ${ms(r.legs[leg], 99)}`.padStart(14);
    console.log(`${name.padEnd(48)}${cell(burst)}  ${cell(steady)}`);
  }
}

/** Each process's CPU per swap in both phases, and how much of the machine the phases used. */
function reportCpu(burst: PhaseResult, steady: PhaseResult): void {
  const cores = availableParallelism();
  const names = [...new Set([...burst.cpu.keys(), ...steady.cpu.keys()])].sort(
    (a, b) => (burst.cpu.get(b) ?? 0) - (burst.cpu.get(a) ?? 0),
  );
  const cell = (r: PhaseResult, name: string) => {
    const ms = r.cpu.get(name) ?? 0;
    return `${(ms / r.swaps).toFixed(2).padStart(8)} ${((100 * ms) / (r.cpuSeconds * 1000)).toFixed(0).padStart(5)}%`;
  };
  console.log(`\nCPU per swap (ms) and share of one core over each phase (${cores} cores)`);
  console.log('process             burst ms  core     steady ms  core');
  for (const name of names) console.log(`${name.padEnd(18)}${cell(burst, name)}    ${cell(steady, name)}`);
  const total = (r: PhaseResult) => [...r.cpu.values()].reduce((sum, ms) => sum + ms, 0);
  const used = (r: PhaseResult) => ((100 * total(r)) / (r.cpuSeconds * 1000 * cores)).toFixed(0);
  console.log(
    `${'all'.padEnd(18)}${(total(burst) / burst.swaps).toFixed(2).padStart(8)}  ${used(burst).padStart(3)}% of the machine   ${(total(steady) / steady.swaps).toFixed(2).padStart(8)}  ${used(steady).padStart(3)}% of the machine`,
  );
}

/**
 * What the ratio target leaves one swap, against the least a swap costs here (swap-floor.ts), for
 * as many transitions a swap as the burst's made.
 */
function reportFloor(baseline: BaselineResult, burst: PhaseResult, costs: SwapCosts): void {
  const cores = availableParallelism();
  const transitions = burst.transitions / burst.swaps;
  const floor = swapFloor(costs, transitions, baseline.rate, cores);
  const swapsPerSecond = (TARGETS.ratio * baseline.rate) / transitions;
  const row = (name: string, ms: number) =>
    console.log(`  ${name.padEnd(62)}${ms.toFixed(3).padStart(7)} ms`);
  console.log(
    `\nThe ratio target asks for ${(TARGETS.ratio * baseline.rate).toFixed(0)} transitions/s: at ${transitions.toFixed(2)} transitions a swap (the burst's), ${swapsPerSecond.toFixed(0)} swaps/s, ${((cores * 1000) / swapsPerSecond).toFixed(3)} ms of CPU each on ${cores} cores.`,
  );
  console.log('The least a swap costs on this machine, measured in this run:');
  row("the payout's signature (treasury), over the burst's payouts", floor.signMs);
  row("its check by the chain (the devnet's verification)", floor.verifyMs);
  row(
    `${floor.messages.toFixed(2)} bus messages at the baseline's CPU (${floor.messageMs.toFixed(3)} ms each)`,
    floor.messages * floor.messageMs,
  );
  row('together, before any database write', floor.swapMs);
  console.log(
    `  → at most ${floor.ceiling.toFixed(0)} transitions/s here: a ratio of ${floor.ceilingRatio.toFixed(2)}`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      swaps: { type: 'string', default: '1000' },
      concurrency: { type: 'string', default: '16' },
      rate: { type: 'string' },
      'baseline-messages': { type: 'string', default: '20000' },
      'timeout-seconds': { type: 'string', default: '300' },
    },
  });
  const count = Number(values.swaps);
  const concurrency = Number(values.concurrency);
  const timeoutMs = Number(values['timeout-seconds']) * 1000;
  const stack = await Stack.start({ ...DEPLOYED_TIMERS, devnetEnv: { DEVNET_BLOCK_SECONDS: '0' } });
  let log: SwapEventLog | undefined;
  let stages: StageTimes | undefined;
  try {
    const client = stack.client(await stack.createKey({ rateLimit: 100_000 }));
    await stack.pricesReady(await stack.createKey());
    const events = await SwapEventLog.open(stack.bus);
    const meter = new CpuMeter(() => stackProcesses(stack));
    log = events;
    stages = await StageTimes.open(stack.bus);
    console.log(`opening ${2 * count} swaps and paying their deposits on the devnet…`);
    const burstFleet = await openFleet(stack, client, count, 8);
    const steadyFleet = await openFleet(stack, client, count, 8);
    console.log('reporting what the watchers saw before the confirming blocks…');
    await reportEarlier(stack.bus, [...burstFleet, ...steadyFleet], concurrency);
    await waitIdle(stack.bus);

    const messages: EngineInput[] = Array.from({ length: Number(values['baseline-messages']) }, (_, i) => ({
      ...burstFleet[i % count].input,
      depositId: `baseline:${i}`,
    }));
    const settings = { publishConcurrency: concurrency, consumeConcurrency: 16 };
    await measureJetStream(stack.bus, ENGINE_INPUTS, messages.slice(0, 2000), settings, 'bench-warmup');
    const beforeBaseline = meter.sample();
    const baseline = await measureJetStream(stack.bus, ENGINE_INPUTS, messages, settings, 'bench-baseline');
    const baselineCpu = CpuMeter.spent(beforeBaseline, meter.sample());
    await waitIdle(stack.bus);
    const costs = measureSwapCosts(
      burstFleet.map((swap) => swap.to),
      { ...baseline, cpuMs: (baselineCpu.get('bench') ?? 0) + (baselineCpu.get('nats-server') ?? 0) },
    );

    console.log('burst: every deposit report at once…');
    const burst = await runPhase(
      stack.bus,
      events,
      stages,
      burstFleet,
      { rate: null, concurrency },
      timeoutMs,
      meter,
    );
    // Its payouts confirm (the treasury reports them, the swaps are DONE) before the next phase.
    await mineDeep(stack);
    await events.until(
      () => burstFleet.every((swap) => events.reached(swap.id, 'DONE')),
      timeoutMs,
      () => 'burst swaps never DONE',
    );
    await waitIdle(stack.bus);
    const rate = values.rate ? Number(values.rate) : Math.max(1, (0.5 * burst.swaps) / burst.seconds);
    console.log(`steady: ${rate.toFixed(0)} deposit reports per second…`);
    const steady = await runPhase(
      stack.bus,
      events,
      stages,
      steadyFleet,
      { rate, concurrency },
      timeoutMs,
      meter,
    );

    console.log(
      `\n${count} swaps per phase over ${new Set(burstFleet.map((s) => s.from)).size} source and ${new Set(burstFleet.map((s) => s.to)).size} payout currencies; reports published ${concurrency} at a time; consumer concurrency 16`,
    );
    process.exitCode = report(baseline, burst, steady, rate, costs) ? 0 : 1;
  } finally {
    await log?.close();
    await stages?.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
