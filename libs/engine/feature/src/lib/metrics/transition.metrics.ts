import { Counter, type Registry } from 'prom-client';
import { SWAP_STATUSES, type Swap, type SwapStatus } from '@swap/domain';
import { SWAP_TRANSITIONS } from '@swap/engine-domain';

/** Told of every committed transition: the swap as it was read, and as it was saved. */
export type TransitionObserver = (before: Swap, after: Swap) => void;

/**
 * Every status change of a real swap the transition table allows (dry-runs have their own rows,
 * and are left out of the metrics), so each series starts at 0 and the first FAILED shows in
 * increase(), not only the second.
 */
export function statusChanges(): Array<{ from: SwapStatus; to: SwapStatus }> {
  const pairs = new Map<string, { from: SwapStatus; to: SwapStatus }>();
  for (const row of SWAP_TRANSITIONS) {
    const to = row.to;
    if (row.swaps === 'dryrun' || typeof to !== 'string' || !isStatus(to)) continue;
    for (const from of row.from) if (from !== to) pairs.set(`${from}>${to}`, { from, to });
  }
  return [...pairs.values()];
}

const isStatus = (value: string): value is SwapStatus => (SWAP_STATUSES as readonly string[]).includes(value);

/** swap_transitions_total{from,to}: status changes of real swaps, counted once committed. */
export class TransitionMetrics {
  private readonly transitions: Counter<'from' | 'to'>;

  constructor(registry: Registry) {
    this.transitions = new Counter({
      name: 'swap_transitions_total',
      help: 'Status changes of real swaps (dry-runs left out), counted once committed',
      labelNames: ['from', 'to'],
      registers: [registry],
    });
    for (const pair of statusChanges()) this.transitions.inc(pair, 0);
  }

  /** A TransitionObserver: a change that keeps the status (a confirmation counted) is not a transition. */
  readonly committed: TransitionObserver = (before, after) => {
    if (after.dryrun || before.status === after.status) return;
    this.transitions.inc({ from: before.status, to: after.status });
  };
}
