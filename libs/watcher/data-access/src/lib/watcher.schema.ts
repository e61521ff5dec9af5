import { WatcherInit1764000000000 } from './migrations/1764000000000-watcher-init';
import { WatcherRescanMarker1764100000000 } from './migrations/1764100000000-watcher-rescan-marker';
import { WatcherWatchOrder1764200000000 } from './migrations/1764200000000-watcher-watch-order';
import { WatcherLateWindow1764400000000 } from './migrations/1764400000000-watcher-late-window';
import { WatcherReportRounds1764500000000 } from './migrations/1764500000000-watcher-report-rounds';
import { WatcherDepositIndex1764600000000 } from './migrations/1764600000000-watcher-deposit-index';
import { WatcherReplacedDeposits1765000000000 } from './migrations/1765000000000-watcher-replaced-deposits';
import { WatcherChainIdentities1766200000000 } from './migrations/1766200000000-watcher-chain-identities';

/** The watchers' schema (shared by every network, rows keyed by network) and its migrations, in order. */
export const WATCHER_SCHEMA = 'watcher';
export const WATCHER_MIGRATIONS = [
  WatcherInit1764000000000,
  WatcherRescanMarker1764100000000,
  WatcherWatchOrder1764200000000,
  WatcherLateWindow1764400000000,
  WatcherReportRounds1764500000000,
  WatcherDepositIndex1764600000000,
  WatcherReplacedDeposits1765000000000,
  WatcherChainIdentities1766200000000,
];
