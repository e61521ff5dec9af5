import { engineShowSwap } from '@swap/contracts';
import type { Running } from './crash-plan';
import type { CrashRun } from './crash-run';
import type { WebhookReceiver } from './webhook-receiver';

/** The versions of each swap's events as the receiver got them, repeats included, in arrival order. */
function receivedVersions(receiver: WebhookReceiver, swapIds: string[]): Map<string, number[]> {
  const bySwap = new Map(swapIds.map((id) => [id, [] as number[]]));
  for (const delivery of receiver.got) {
    const id = String(delivery.headers['x-webhook-id']);
    const [, swapId, version] = /^evt_([A-Za-z0-9]+)_(\d+)$/.exec(id) ?? [];
    bySwap.get(swapId)?.push(Number(version));
  }
  return bySwap;
}

/**
 * D12 under the crash test: every change of every swap (versions 1 to its last) reached the
 * receiver at least once, and a swap's events never arrived out of order (a repeat of the latest,
 * after a notifier died between sending and recording, is allowed; an older one after a newer is not).
 */
export async function expectEveryChangeDelivered(run: CrashRun, receiver: WebhookReceiver, swaps: Running[]) {
  const finalVersions = new Map<string, number>();
  for (const swap of swaps)
    finalVersions.set(swap.id, (await run.stack.call(engineShowSwap, { id: swap.id })).version);
  const missing = () => {
    const got = receivedVersions(receiver, [...finalVersions.keys()]);
    return [...finalVersions].filter(([id, last]) => new Set(got.get(id)).size < last).map(([id]) => id);
  };
  const deadline = Date.now() + 60_000;
  while (missing().length > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 500));
  expect({ missing: missing() }).toEqual({ missing: [] });
  const got = receivedVersions(receiver, [...finalVersions.keys()]);
  for (const [id, last] of finalVersions) {
    const versions = got.get(id) ?? [];
    const outOfOrder = versions.filter((v, i) => i > 0 && v < versions[i - 1]);
    expect({ swap: id, versions: [...new Set(versions)], outOfOrder }).toEqual({
      swap: id,
      versions: Array.from({ length: last }, (_, i) => i + 1),
      outOfOrder: [],
    });
  }
}
