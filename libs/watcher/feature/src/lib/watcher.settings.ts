import { depositAddress, type Chain } from '@swap/chain-keys';
import { CURRENCIES, type Network } from '@swap/domain';

export interface WatcherSettings {
  network: Network;
  /**
   * The treasury's hot wallet, as the account key gives it (logged at start-up). Its transfers to a
   * deposit address count like anyone's: one swap's payout may be another swap's deposit.
   */
  hotWallet: string;
  /** Days an ended swap's address is still watched, so a late deposit is reported. */
  retentionDays: number;
  /** A watcher without a cursor starts this many blocks below the tip. */
  startDepth: number;
  /** Blocks after which a deposit gone from the mempool, and in no block, is reported reverted. */
  vanishBlocks: number;
  /** Recent block hashes kept to notice reorganisations: the deepest requirement plus a margin. */
  keepBlocks: number;
  /**
   * Milliseconds blocks are kept (however deep) after they were processed, so a deposit to an
   * address whose swap event arrived that much later is still found.
   */
  lateWindowMs: number;
  /**
   * Milliseconds the watcher's clock may run ahead of the one that stamped a swap's registration:
   * a rescan for its address reads the blocks processed from that long before it.
   */
  clockSkewMs: number;
  /** Most blocks one poll processes, so a poll (and the lease it renewed) stays short while catching up. */
  blocksPerPoll: number;
  /** How long the follower's lease lasts without renewal before a standby may take over. */
  leaseMs: number;
}

export interface WatcherOptions {
  retentionDays?: number;
  startDepth?: number;
  vanishBlocks?: number;
  /** Blocks kept beyond the deepest confirmation requirement of the network. */
  reorgMargin?: number;
  lateWindowMs?: number;
  clockSkewMs?: number;
  blocksPerPoll?: number;
  leaseMs?: number;
}

/** The largest reqConfirmations among the network's currencies (TRX and USDTTRC, ETH and USDTERC …). */
export function deepestRequirement(network: Network): number {
  return Math.max(
    ...Object.values(CURRENCIES)
      .filter((currency) => currency.network === network)
      .map((currency) => currency.reqConfirmations),
  );
}

/** The treasury's hot wallet is address 0 of the network's account (D11). */
export function hotWalletAddress(network: Network, accountPublic: string, chain: Chain): string {
  return depositAddress(network, accountPublic, 0, { chain });
}

export function watcherSettings(
  network: Network,
  hotWallet: string,
  options: WatcherOptions = {},
): WatcherSettings {
  const deepest = deepestRequirement(network);
  return {
    network,
    hotWallet,
    retentionDays: options.retentionDays ?? 30,
    startDepth: options.startDepth ?? deepest,
    vanishBlocks: options.vanishBlocks ?? 3,
    keepBlocks: deepest + (options.reorgMargin ?? 6),
    lateWindowMs: options.lateWindowMs ?? 3_600_000,
    clockSkewMs: options.clockSkewMs ?? 10_000,
    blocksPerPoll: options.blocksPerPoll ?? 100,
    leaseMs: options.leaseMs ?? 15_000,
  };
}
