import { devnetDeposit, engineShowSwap, notifierSetWebhook } from '@swap/contracts';
import type { SwapClient } from '@swap/sdk';
import { CrashLoop, seededRandom, Stack } from '@swap/stack';
import { expectCrashInvariants } from './support/crash-checks';
import { ExtraDeposits, planExtras } from './support/crash-later';
import { CRASH_NETWORKS, CRASH_PLAN, type Running } from './support/crash-plan';
import { CrashRecords } from './support/crash-records';
import {
  createPlanned,
  fundInRandomOrder,
  slowest,
  startMiner,
  treasurySettled,
  type CrashRun,
} from './support/crash-run';
import { expectEveryChangeDelivered } from './support/crash-webhooks';
import { followUntil } from './support/follow-swaps';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * Issue 3's crash test: the engine, the treasury and a watcher are killed with SIGKILL at random
 * moments while 50 swaps run, eight of which get a second deposit (issue 21: paid on its own or
 * returned). After the restarts every swap ends, the ledger balances, and the devnet's own record
 * shows no payout, refund or return sent twice. Webhooks are on (D12), their notifier killed too,
 * and the receiver fails one request in ten: every swap change still reaches it, in order per swap.
 * CRASH_SEED=<n> replays a schedule.
 */
const SEED = Number(process.env['CRASH_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
/**
 * Kills go on until every swap ended and every extra deposit was handled, or this long: with four
 * victims on a loaded CI machine the swaps took up to 63 s once, and the last extra deposit went
 * out after the kills.
 */
const CHAOS_MS = 90_000;
/**
 * Past CHAOS_MS, the kills go on while swaps keep ending, CHAOS_GRACE_MS after each round that
 * ended one, up to CHAOS_CAP_MS in all: one swap took 80 s on a fresh CI machine (seed 208421539),
 * ended after 90 s of kills, and its extra deposit, planned for its end, went out after them.
 */
const CHAOS_GRACE_MS = 20_000;
const CHAOS_CAP_MS = 150_000;
/** Then, with every service up, each swap must end within this. */
const SETTLE_MS = 90_000;
const VICTIMS = ['engine', 'treasury', 'watcher-eth', 'notifier'];

describe(`crash test: SIGKILL of engine, treasury and a watcher under ${CRASH_PLAN.length} swaps`, () => {
  let stack: Stack;
  let api: SwapClient;
  let records: CrashRecords;
  let run: CrashRun;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    console.log(`crash test seed ${SEED}: CRASH_SEED=${SEED} replays this kill schedule`);
    stack = await Stack.start({
      chains: { networks: CRASH_NETWORKS },
      engineEnv: { ENGINE_LEASE_SECONDS: '3' }, // a killed instance's partitions move after 3 s
      treasuryEnv: { TREASURY_CONFIRMATIONS_SECONDS: '0.3', TREASURY_SEND_RETRY_SECONDS: '0.3' },
      notifier: { env: { WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_RETRY_SCHEDULE: '0.5,1,2,4,8,16' } },
    });
    const key = await stack.createKey({ fixedRateEnabled: true, rateLimit: 100_000 });
    api = stack.client(key);
    const failSometimes = seededRandom(SEED + 99);
    receiver.answer = () => (failSometimes() < 0.1 ? 500 : 200);
    await stack.call(notifierSetWebhook, { key: key.key, url: await receiver.start() });
    await stack.pricesReady(await stack.createKey());
    records = new CrashRecords(stack.databaseUrl);
    run = { stack, api, records };
  }, 120_000);
  afterAll(async () => {
    await receiver.stop();
    await records?.close();
    await stack?.stop();
  });

  it('ends every swap, handles each deposit once, balances the ledger and never pays twice', async () => {
    const swaps: Running[] = [];
    for (const [index, planned] of CRASH_PLAN.entries()) swaps.push(await createPlanned(api, planned, index));
    const miner = startMiner(stack);
    const notes: string[] = [];
    const started = Date.now();
    const at = () => `+${((Date.now() - started) / 1000).toFixed(1)} s`;
    const extras = new ExtraDeposits(planExtras(swaps, seededRandom(SEED + VICTIMS.length + 1)), {
      api,
      send: async ({ swap, kind, amount, sentWhile }) => {
        const deposit = { currency: swap.from, address: swap.depositAddress, amount };
        const { txid } = await stack.call(devnetDeposit, deposit);
        notes.push(`${at()} ${kind} deposit ${amount} ${swap.from} to ${swap.id} (${sentWhile})`);
        return txid;
      },
      show: (id) => stack.call(engineShowSwap, { id }),
    });
    const loops = VICTIMS.map(
      (name, i) =>
        new CrashLoop(stack.service(name), seededRandom(SEED + i), {
          upMs: [2_000, 7_000],
          downMs: [200, 1_500],
          beforeKill: async () => {
            // The treasury dies, whenever it can, with a transfer between PLANNED and broadcast.
            const inFlight = await records.transfersInFlight(name === 'treasury' ? 3_000 : 0);
            notes.push(`${at()} kill ${name} (transfers: ${inFlight})`);
          },
        }),
    );
    const chaosCap = Date.now() + CHAOS_CAP_MS;
    let chaosEnds = Date.now() + CHAOS_MS;
    let unfinished: string[] = [];
    let killsEnded = Infinity;
    try {
      try {
        await fundInRandomOrder(stack, swaps, seededRandom(SEED + VICTIMS.length), 400);
        for (let open = Infinity; ;) {
          const left =
            (await followUntil(api, swaps, chaosEnds)).length + (await extras.follow(chaosEnds)).length;
          if (left === 0 || left >= open || Date.now() >= chaosCap) break;
          open = left;
          chaosEnds = Math.min(chaosCap, Date.now() + CHAOS_GRACE_MS);
        }
      } finally {
        // Never left running: a loop would start a service again after the stack stopped.
        await Promise.all(loops.map((loop) => loop.stop()));
        killsEnded = Date.now();
      }
      notes.push(`${at()} every service up again`);
      const settleEnds = Date.now() + SETTLE_MS;
      unfinished = [...(await followUntil(api, swaps, settleEnds)), ...(await extras.follow(settleEnds))];
      unfinished.push(...(await extras.settled(settleEnds, (line) => notes.push(line))));
      notes.push(`${at()} ${unfinished.length === 0 ? 'every swap ended' : 'swaps left unfinished'}`);
      await treasurySettled(run);
      notes.push(`${at()} the treasury settled`);
    } finally {
      await extras.stop();
      await miner.stop();
      console.log(`crash test, seed ${SEED}:\n${notes.join('\n')}\nslowest swaps: ${slowest(swaps)}`);
    }
    const report = `seed ${SEED}\n${notes.join('\n')}`;

    expect({ unfinished, report }).toEqual({ unfinished: [], report });
    for (const loop of loops) expect(loop.kills.length).toBeGreaterThan(0);
    const afterKills = extras.extras.filter((e) => !(e.sentAt !== undefined && e.sentAt < killsEnded));
    expect({ sentAfterTheKills: afterKills.map((e) => e.swap.id), report }).toEqual({
      sentAfterTheKills: [],
      report,
    });
    await expectCrashInvariants(run, swaps, extras.extras);
    await expectEveryChangeDelivered(run, receiver, swaps);
  }, 360_000);
});
