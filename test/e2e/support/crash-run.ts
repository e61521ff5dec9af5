import {
  DEPOSIT_RETURNS_STREAM,
  devnetDeposit,
  devnetMine,
  MONEY_COMMANDS_STREAM,
  SWAP_EVENTS_STREAM,
} from '@swap/contracts';
import type { SwapClient } from '@swap/sdk';
import type { Stack } from '@swap/stack';
import { CRASH_NETWORKS, duration, userAddress, type Planned, type Running } from './crash-plan';
import type { CrashRecords } from './crash-records';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a crash-family test runs its swaps with: the stack, the integrator's client, the records. */
export interface CrashRun {
  stack: Stack;
  api: SwapClient;
  records: CrashRecords;
}

/** Creates the planned swap, the `index`-th of its run: each gets its own payout and refund address. */
export async function createPlanned(api: SwapClient, planned: Planned, index: number): Promise<Running> {
  const toAddress = userAddress(planned.to, index + 1);
  const refundAddress = userAddress(planned.from, 1000 + index);
  const order = await api.create({
    from: planned.from,
    to: planned.to,
    amount: planned.amount,
    toAddress,
    // A fixed swap paid MORE gets its refund address when the user chooses REFUND.
    ...(planned.kind === 'more-refund' ? { type: 'fixed' as const } : { refundAddress }),
  });
  const { id, status } = order;
  return { ...planned, id, status, depositAddress: order.from.address, toAddress, refundAddress };
}

/** `items` in an order drawn from `draw`. */
export function randomOrder<T>(items: T[], draw: () => number): T[] {
  return items
    .map((item) => ({ item, key: draw() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

/** The user pays the swap what the plan says, on the devnet. */
export async function pay(stack: Stack, swap: Running): Promise<void> {
  await stack.call(devnetDeposit, { currency: swap.from, address: swap.depositAddress, amount: swap.paid });
  swap.fundedAt = Date.now();
}

/** One deposit every `gapMs`, in an order drawn from `draw`. */
export async function fundInRandomOrder(
  stack: Stack,
  swaps: Running[],
  draw: () => number,
  gapMs: number,
): Promise<void> {
  for (const swap of randomOrder(swaps, draw)) {
    await pay(stack, swap);
    await sleep(gapMs);
  }
}

/** Mines a block on every crash network every 300 ms (DEVNET_BLOCK_SECONDS is 0 in chain stacks). */
export function startMiner(stack: Stack) {
  let running = true;
  const loop = (async () => {
    while (running) {
      const mined = CRASH_NETWORKS.map((net) => stack.call(devnetMine, { network: net, blocks: 1 }));
      await Promise.allSettled(mined); // a failed round shows as swaps that do not end
      await sleep(300);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/**
 * Until the treasury has taken every swap event and payout command (its durables are idle) and
 * every transfer it signed has confirmed or failed, so its books can be compared with the chains.
 */
export async function treasurySettled({ stack, records }: CrashRun): Promise<void> {
  const jsm = await stack.bus.manager();
  const idle = async (stream: string, durable: string) => {
    const info = await jsm.consumers.info(stream, durable);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const inFlight = await records.transfersInFlight();
    const consumed =
      (await idle(SWAP_EVENTS_STREAM.name, 'treasury-swaps')) &&
      (await idle(MONEY_COMMANDS_STREAM.name, 'treasury-payouts')) &&
      (await idle(DEPOSIT_RETURNS_STREAM.name, 'treasury-returns'));
    if (consumed && inFlight === 'none in flight') return;
    if (Date.now() > deadline) throw new Error(`treasury not settled: ${inFlight}, consumed: ${consumed}`);
    await sleep(300);
  }
}

/** The five swaps that took longest from their deposit to their end, for the run's notes. */
export function slowest(swaps: Running[]): string {
  const sorted = [...swaps].sort((a, b) => duration(b) - duration(a)).slice(0, 5);
  return sorted.map((s) => `${s.id} ${s.from}→${s.to} ${duration(s) / 1000} s`).join(', ');
}
