import type { Registry } from 'prom-client';
import { cachedReading, scrapeGauge } from '@swap/service-kit';
import type { TransferGroup } from '@swap/treasury-data';
import {
  TRANSFER_STATES,
  UNSETTLED_STATES,
  type TransferKind,
  type TransferState,
} from '@swap/treasury-domain';
import type { Clock } from '@swap/domain';

const KINDS = Object.keys({
  payout: 1,
  refund: 1,
  sweep: 1,
  gas: 1,
  delegate: 1,
  undelegate: 1,
} satisfies Record<TransferKind, 1>) as TransferKind[];
const STATES: readonly TransferState[] = TRANSFER_STATES;
const UNSETTLED = UNSETTLED_STATES;

/** Counting every transfer is a scan of the table: scrapes within this share one count. */
const MAX_AGE_MS = 10_000;

/**
 * The age, in seconds at `now`, of the oldest transfer of each kind not settled yet (planned,
 * signed or broadcast, neither confirmed nor failed); 0 for a kind with none.
 */
export function oldestUnsettled(groups: readonly TransferGroup[], now: number): Map<TransferKind, number> {
  const ages = new Map<TransferKind, number>(KINDS.map((kind) => [kind, 0]));
  for (const group of groups) {
    if (!UNSETTLED.includes(group.state) || group.count === 0) continue;
    const age = Math.max(0, (now - group.oldestAt.getTime()) / 1000);
    ages.set(group.kind, Math.max(ages.get(group.kind) ?? 0, age));
  }
  return ages;
}

/**
 * swap_transfers{kind,state} (D16) and the age of the oldest unsettled transfer of each kind, read
 * from the treasury's schema when Prometheus scrapes; every kind and state listed, 0 included.
 */
export function registerTransferMetrics(
  registry: Registry,
  transfers: { countByKindAndState(): Promise<TransferGroup[]> },
  clock: Clock = Date.now,
): void {
  const read = cachedReading(() => transfers.countByKindAndState(), MAX_AGE_MS, clock);
  scrapeGauge(registry, {
    name: 'swap_transfers',
    help: 'Treasury transfers (payouts, refunds signed for the refunds service, sweeps, gas…) per kind and state',
    labelNames: ['kind', 'state'],
    read: async () => {
      const groups = await read();
      const count = (kind: TransferKind, state: TransferState) =>
        groups.find((g) => g.kind === kind && g.state === state)?.count ?? 0;
      return KINDS.flatMap((kind) =>
        STATES.map((state) => ({ labels: { kind, state }, value: count(kind, state) })),
      );
    },
  });
  scrapeGauge(registry, {
    name: 'swap_transfers_oldest_unsettled_age_seconds',
    help: 'Seconds since the oldest transfer of a kind not yet confirmed or failed was planned (0: none)',
    labelNames: ['kind'],
    read: async () =>
      [...oldestUnsettled(await read(), clock())].map(([kind, value]) => ({ labels: { kind }, value })),
  });
}
