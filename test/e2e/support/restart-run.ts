import type { SwapClient } from '@swap/sdk';
import { seededRandom, Stack, type RestartOptions, type StackOptions } from '@swap/stack';
import { expectCrashInvariants } from './crash-checks';
import { CRASH_NETWORKS, CRASH_PLAN, type Planned, type Running } from './crash-plan';
import { CrashRecords } from './crash-records';
import { createPlanned, pay, randomOrder, slowest, startMiner, treasurySettled } from './crash-run';
import { followUntil } from './follow-swaps';
import { notReadyNow, pidsOf, untilEachAnswers } from './readiness-probe';

/** Issue 25: 100 swaps, the crash test's plan twice over (80 paid out, 20 refunded). */
export const RESTART_PLAN = [...CRASH_PLAN, ...CRASH_PLAN];
/** Swaps created and paid once every restart is over. */
const AFTER_RESTARTS = 10;
/** The dependency goes away this many times a run. */
const RESTARTS = 2;
/** Once the dependency is back, each service must be ready again within this. */
const RECOVERY_MS = 60_000;
/** Then every swap must end within this. */
const SETTLE_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RestartSuite {
  /** What goes away: NATS or PostgreSQL. */
  dependency: string;
  stackOptions?: StackOptions;
  restart: (stack: Stack, options: RestartOptions) => Promise<void>;
  /** The services whose /readyz must say not ready while the dependency is away. */
  needsIt: (service: string) => boolean;
  /** Where the seed and the run's notes go (the suite's console). */
  log: (text: string) => void;
}

/** Does `work` alone: the funding waits while the dependency is away, and a restart for a deposit in flight. */
class Turn {
  private held: Promise<void> = Promise.resolve();

  async take<T>(work: () => Promise<T>): Promise<T> {
    const before = this.held;
    let release: () => void = () => undefined;
    this.held = new Promise((resolve) => (release = resolve));
    await before;
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/**
 * The restart tests (issue 25): while RESTART_PLAN runs on the devnet, the dependency is taken
 * away RESTARTS times at moments drawn from the seed (RESTART_SEED=<n> replays them) for 2–5 s.
 * Each time every service that needs it must say not ready, then ready again by itself (the same
 * processes); after that the crash test's invariants must hold.
 */
export function describeRestarts(suite: RestartSuite): void {
  const seed = Number(process.env['RESTART_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
  const name = `${suite.dependency} restarted ${RESTARTS} times under ${RESTART_PLAN.length} swaps`;

  describe(name, () => {
    let stack: Stack;
    let api: SwapClient;
    let records: CrashRecords;

    beforeAll(async () => {
      suite.log(`${suite.dependency} restart test seed ${seed}: RESTART_SEED=${seed} replays this schedule`);
      stack = await Stack.start({
        chains: { networks: CRASH_NETWORKS },
        engineEnv: { ENGINE_LEASE_SECONDS: '3' },
        treasuryEnv: { TREASURY_CONFIRMATIONS_SECONDS: '0.3', TREASURY_SEND_RETRY_SECONDS: '0.3' },
        ...suite.stackOptions,
      });
      api = stack.client(await stack.createKey({ fixedRateEnabled: true, rateLimit: 100_000 }));
      await stack.pricesReady(await stack.createKey());
      records = new CrashRecords(stack.databaseUrl);
    }, 120_000);
    afterAll(async () => {
      await records?.close();
      await stack?.stop();
    });

    it('reconnects every service by itself, ends every swap, balances the ledger and never pays twice', async () => {
      const draw = seededRandom(seed);
      const swaps: Running[] = [];
      const affected = stack.services.filter((s) => suite.needsIt(s.name));
      const pids = pidsOf(stack.services);
      const notes: string[] = [];
      const started = Date.now();
      const at = () => `+${((Date.now() - started) / 1000).toFixed(1)} s`;
      const turn = new Turn();
      const miner = startMiner(stack);
      const outages: Array<{ notReady: string[]; notBack: string[] }> = [];
      let unfinished: string[] = [];

      const restarts = (async () => {
        for (let i = 0; i < RESTARTS; i++) {
          await sleep(3_000 + Math.floor(draw() * 9_000));
          const downMs = 2_000 + Math.floor(draw() * 3_000);
          await turn.take(async () => {
            notes.push(`${at()} ${suite.dependency} stopped for ${downMs} ms or more`);
            let notReady: string[] = [];
            await suite.restart(stack, {
              downMs,
              whileDown: async () => {
                notReady = await untilEachAnswers(affected, 503, 15_000);
                notes.push(`${at()} every service that needs it says not ready (${notReady.length} did not)`);
              },
            });
            notes.push(`${at()} ${suite.dependency} back`);
            const notBack = await untilEachAnswers(stack.services, 200, RECOVERY_MS);
            notes.push(`${at()} ready again (${notBack.length ? notBack.join(', ') : 'every service'})`);
            // What a service that did not come back printed last, for the failure's report.
            for (const line of notBack) {
              const service = stack.service(line.split(' answered')[0]);
              notes.push(`--- ${service.name}\n${service.output.join('').slice(-3000)}`);
            }
            outages.push({ notReady, notBack });
          });
        }
      })();
      try {
        // Swaps created and paid one by one, 50 ms apart, none while the dependency is away (a lost
        // answer would leave the test unsure whether the devnet took a deposit); the last
        // AFTER_RESTARTS once every restart is over, so the API, the engine's replies and the
        // market feed are used after them too.
        const order = randomOrder([...RESTART_PLAN.entries()], seededRandom(seed + 1));
        const createAndPay = async ([index, planned]: [number, Planned]) => {
          const swap = await turn.take(() => createPlanned(api, planned, index));
          swaps.push(swap);
          await turn.take(() => pay(stack, swap));
          await sleep(50);
        };
        for (const entry of order.slice(0, -AFTER_RESTARTS)) await createAndPay(entry);
        await restarts;
        notes.push(`${at()} every restart done`);
        for (const entry of order.slice(-AFTER_RESTARTS)) await createAndPay(entry);
        notes.push(`${at()} every swap created and paid`);
        unfinished = await followUntil(api, swaps, Date.now() + SETTLE_MS);
        notes.push(
          `${at()} ${unfinished.length === 0 ? 'every swap ended' : `unfinished: ${unfinished.join(', ')}`}`,
        );
        if (unfinished.length > 0)
          for (const line of await notReadyNow(stack.services)) notes.push(`${at()} not ready: ${line}`);
        await treasurySettled({ stack, api, records });
        notes.push(`${at()} the treasury settled`);
      } finally {
        await restarts.catch(() => undefined);
        await miner.stop();
        suite.log(`${name}, seed ${seed}:\n${notes.join('\n')}\nslowest swaps: ${slowest(swaps)}`);
      }
      const report = `seed ${seed}\n${notes.join('\n')}`;

      expect({ unfinished, report }).toEqual({ unfinished: [], report });
      expect({ outages, report }).toEqual({
        outages: Array.from({ length: RESTARTS }, () => ({ notReady: [], notBack: [] })),
        report,
      });
      expect(pidsOf(stack.services)).toEqual(pids);
      await expectCrashInvariants({ stack, api, records }, swaps);
    }, 300_000);
  });
}
