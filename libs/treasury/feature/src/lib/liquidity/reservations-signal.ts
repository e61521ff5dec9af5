import type { Network } from '@swap/domain';

/**
 * Where a use case says that the hot wallet's reservations on a network changed (a transfer planned
 * or signed, its fee now known, replaced or ended): one per process, made by the composition, which
 * has the liquidity publisher republish that network's currencies at once.
 */
export interface ReservationsSignal {
  changed(network: Network): void;
}
