import type { CurrencyCode, Network, SwapStatus } from '@swap/domain';

/** A swap's deposit address on the watched network. */
export interface WatchedAddress {
  network: Network;
  /** The address as the swap carries it (and as deposits report it). */
  address: string;
  /** The address in the form lookups compare (see the feature's addressKey). */
  addressKey: string;
  swapId: string;
  /** The swap's source currency: only transfers of this currency are its deposits. */
  currency: CurrencyCode;
  status: SwapStatus;
  swapVersion: number;
  /** UNIX seconds the swap reached a final status; null while it is open. */
  endedAt: number | null;
  /**
   * UNIX milliseconds the swap was registered (its address handed out): no deposit to it can be in
   * a block processed much before. Null for entries recorded before it was kept.
   */
  registeredAt: number | null;
  /** The account index the address was derived at; null for entries recorded before it was kept. */
  depositIndex: number | null;
}

/** An entry still to be looked for in the blocks already processed. */
export interface PendingRescan {
  addressKey: string;
  registeredAt: number | null;
  /** The kept height a rescan begun earlier goes on from; null before the first. */
  rescanFrom: number | null;
}
