import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notifierSetWebhook, swapUpdated, type SwapSnapshot } from '@swap/contracts';
import type { Stack, TestKey } from '@swap/stack';
import { swapSnapshotFixture } from '@swap/testing';
import { measureJetStream, SWAP_UPDATES, type BaselineResult } from './jetstream-baseline';
import { forEachLimited } from './limited';

/** Publishes at once, as the engine's outbox relay does. */
const PUBLISH_CONCURRENCY = 64;
/** Versions per swap: each swap's events must arrive in order, so they are not all independent. */
const VERSIONS = 4;

export interface WebhookRound {
  delivered: BaselineResult;
  baseline: BaselineResult;
}

/** `count` swap changes of `key`: count / VERSIONS swaps, versions 1 to VERSIONS each. */
function swapChanges(key: string, count: number, round: number): SwapSnapshot[] {
  return Array.from({ length: count }, (_, i) => {
    const swap = Math.floor(i / VERSIONS);
    const id = `W${round}${String(swap).padStart(8, '0')}`.slice(0, 10);
    return swapSnapshotFixture({ id, apiKey: key, version: (i % VERSIONS) + 1 });
  });
}

/**
 * D12's figure: swap changes published on the bus as the engine publishes them, recorded by the
 * notifier and POSTed, signed, to a receiver on this machine that answers 200 at once; events
 * per second from the first publish to the last delivery. Beside it, in the same round, the raw
 * JetStream rate of the same messages (published, consumed by a durable, acked; no work).
 */
export async function measureWebhooks(stack: Stack, key: TestKey, count: number, rounds: number) {
  let received = 0;
  let allReceived: (() => void) | null = null;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.end();
      if (++received === count) allReceived?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await stack.call(notifierSetWebhook, { key: key.key, url });
  const results: WebhookRound[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const changes = swapChanges(key.key, count, round);
      received = 0;
      const done = new Promise<void>((resolve) => (allReceived = resolve));
      const started = performance.now();
      await forEachLimited(changes, PUBLISH_CONCURRENCY, async (swap) => {
        await stack.bus.publish(swapUpdated, [swap.id], swap, { msgId: `swap:${swap.id}:${swap.version}` });
      });
      await done;
      const seconds = (performance.now() - started) / 1000;
      const delivered = { messages: count, seconds, rate: count / seconds };
      const baseline = await measureJetStream(
        stack.bus,
        SWAP_UPDATES,
        changes,
        { publishConcurrency: PUBLISH_CONCURRENCY, consumeConcurrency: 64 },
        `bench-webhooks-${round}`,
      );
      results.push({ delivered, baseline });
    }
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
  return results;
}

/** Rounds and the median, as the gateway figures are shown. */
export function reportWebhooks(rounds: WebhookRound[], median: (values: number[]) => number): void {
  console.log('\nwebhooks (D12): swap changes delivered to a local receiver, beside raw JetStream');
  console.log('round  delivered events/s  JetStream msgs/s  ratio');
  rounds.forEach((r, i) =>
    console.log(
      `${String(i + 1).padStart(5)}  ${r.delivered.rate.toFixed(0).padStart(18)}  ${r.baseline.rate.toFixed(0).padStart(16)}  ${(r.delivered.rate / r.baseline.rate).toFixed(2).padStart(5)}`,
    ),
  );
  const delivered = median(rounds.map((r) => r.delivered.rate));
  const baseline = median(rounds.map((r) => r.baseline.rate));
  console.log(
    `median: ${delivered.toFixed(0)} events/s delivered, ${baseline.toFixed(0)} msgs/s raw JetStream (ratio ${median(rounds.map((r) => r.delivered.rate / r.baseline.rate)).toFixed(2)})`,
  );
}
