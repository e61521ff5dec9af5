import type { DataSource } from 'typeorm';
import { NETWORKS, type Logger, type Clock } from '@swap/domain';
import {
  LedgerRepository,
  RefundOrders,
  SigningFreezes,
  SwapBookRepository,
  TransferHolds,
  TransferLifecycle,
  TransferReports,
  TransferTransactions,
} from '@swap/treasury-data';
import type { PayoutLimits } from '@swap/treasury-domain';
import { ExpectDepositAddresses } from './addresses/expect-addresses';
import { HotBalances } from './balances/hot-balances.query';
import type { ChainNodes } from './chains/chain-nodes';
import type { TreasuryKeys } from './keys/treasury-keys';
import { RecordSwapBooks } from './ledger/record-swap-books.use-case';
import { RecordReturnBooks } from './ledger/record-return-books.use-case';
import { SwapLedgerQuery } from './ledger/swap-ledger.query';
import { PartnerFeesQuery } from './ledger/partner-fees.query';
import type { LiquidityCaps } from './liquidity/liquidity-caps';
import { LiquidityPublisher, type LiquiditySink } from './liquidity/liquidity.publisher';
import type { ReservationsSignal } from './liquidity/reservations-signal';
import type { WalletObserver } from './metrics/wallet.metrics';
import { PlanPayout } from './payouts/plan-payout.use-case';
import { ProgressReporter, type ProgressSink } from './payouts/progress.reporter';
import { HeldTransfers } from './policy/held-transfers.use-case';
import { PayoutPolicy } from './policy/payout-policy';
import { SigningFreeze } from './policy/signing-freeze';
import { RecordRefundOrder } from './refunds/record-refund-order.use-case';
import { ConflictingTransactions } from './replacements/conflicting-transactions';
import { ReplaceTransfer } from './replacements/replace-transfer.use-case';
import { ExpiredTransfers } from './sending/expired-transfers';
import { NetworkSender } from './sending/network-sender';
import type { RetryPolicy } from './sending/retry-policy';
import { TransferDispatcher } from './sending/transfer-dispatcher';
import { SignTransfer } from './signing/sign-transfer.use-case';
import { PlanSweeps } from './sweeps/plan-sweeps.use-case';
import { ConfirmationTracker } from './tracking/confirmation.tracker';
import { ListTransfers } from './transfers/list-transfers.query';

export interface TreasuryDeps {
  dataSource: DataSource;
  /**
   * The transfers' lifecycle, when the caller needs it before the nodes (a real node's sender counts
   * what it stores as signed); made here otherwise. One per process.
   */
  transfers?: TransferLifecycle;
  chains: ChainNodes;
  keys: TreasuryKeys;
  caps: LiquidityCaps;
  /** TREASURY_MAX_<CODE>_PER_TRANSFER, _PER_HOUR, _PER_DAY: what may leave the hot wallets. */
  limits: PayoutLimits;
  /** payoutProgress to the swap's actor. */
  progress: ProgressSink;
  /** Entries of the `liquidity` bucket. */
  liquidity: LiquiditySink;
  clock: Clock;
  logger: Logger;
  retry: RetryPolicy;
  /** Least time between two liquidity publishes that reservation changes ask for (0: at once). */
  liquidityMinIntervalMs?: number;
  /** Transfers of a network signed (and stored) together at most; 1 signs them one at a time. */
  sendBatch?: number;
  /** Told of every hot-wallet balance the liquidity refresh reads (the metrics). */
  wallets?: WalletObserver;
}

export const DEFAULT_SEND_BATCH = 16;

/** The treasury's use cases over one database and one set of nodes, wired once. */
export interface Treasury {
  transfers: TransferLifecycle;
  /** What operators, the metrics and the reports read of the transfers. */
  transferReports: TransferReports;
  dispatcher: TransferDispatcher;
  planPayout: PlanPayout;
  signTransfer: SignTransfer;
  recordSwapBooks: RecordSwapBooks;
  recordReturnBooks: RecordReturnBooks;
  planSweeps: PlanSweeps;
  tracker: ConfirmationTracker;
  liquidity: LiquidityPublisher;
  balances: HotBalances;
  ledger: SwapLedgerQuery;
  /** The partner share a key earned from its swaps created in a range (the gateway's per-key statistics). */
  partnerFees: PartnerFeesQuery;
  listTransfers: ListTransfers;
  expectAddresses: ExpectDepositAddresses;
  /** The operator's fee bumps and nonce fillers of stuck transfers. */
  replaceTransfer: ReplaceTransfer;
  /** The engine's refund commands, recorded: what sign-transfer may sign. */
  recordRefundOrder: RecordRefundOrder;
  /** The operator's answer to transfers held above a limit. */
  heldTransfers: HeldTransfers;
  /** The operator's kill switch. */
  freeze: SigningFreeze;
}

export function composeTreasury(deps: TreasuryDeps): Treasury {
  const { dataSource, chains, keys, clock, logger } = deps;
  const transfers = deps.transfers ?? new TransferLifecycle(dataSource);
  const transferReports = new TransferReports(dataSource);
  const books = new SwapBookRepository(dataSource);
  const liquidity = new LiquidityPublisher({
    transfers: transferReports,
    chains,
    keys,
    caps: deps.caps,
    sink: deps.liquidity,
    clock,
    logger,
    minIntervalMs: deps.liquidityMinIntervalMs,
    wallets: deps.wallets,
  });
  // What the use cases write changes the hot wallets' reservations: liquidity is republished at once.
  const reservations: ReservationsSignal = { changed: (network) => liquidity.kick(network) };
  const reporter = new ProgressReporter(transferReports, deps.progress, clock, logger);
  const holds = new TransferHolds(dataSource);
  const policy = new PayoutPolicy(holds, deps.limits, clock, logger);
  // Kicked through `dispatcher` once it exists: a network unfrozen sends what waited at once.
  const freeze = new SigningFreeze(new SigningFreezes(dataSource), clock, logger, (networks) =>
    networks.forEach((network) => dispatcher.kick(network)),
  );
  const expired = new ExpiredTransfers({ transfers, chains, reporter, reservations, logger });
  const senders = NETWORKS.map(
    (network) =>
      new NetworkSender(network, {
        transfers,
        chain: chains.sender(network),
        keys,
        reporter,
        reservations,
        clock,
        logger,
        retry: deps.retry,
        batchSize: deps.sendBatch ?? DEFAULT_SEND_BATCH,
        expired,
        policy,
        freeze,
      }),
  );
  const dispatcher = new TransferDispatcher(senders, logger);
  const replacements = new TransferTransactions(dataSource);
  const refundOrders = new RefundOrders(dataSource);
  const listTransfers = new ListTransfers(transferReports);
  const conflicts = new ConflictingTransactions({
    transfers,
    replacements,
    chains,
    reporter,
    reservations,
    logger,
  });
  return {
    transfers,
    transferReports,
    dispatcher,
    planPayout: new PlanPayout(transfers, dispatcher, reservations, logger),
    signTransfer: new SignTransfer({
      transfers,
      orders: refundOrders,
      dispatcher,
      freeze,
      reservations,
    }),
    recordSwapBooks: new RecordSwapBooks(books),
    recordReturnBooks: new RecordReturnBooks(books),
    planSweeps: new PlanSweeps({ transfers, books, chains, keys, dispatcher, logger }),
    tracker: new ConfirmationTracker({
      transfers,
      transferReports,
      chains,
      reporter,
      reservations,
      clock,
      logger,
      expired,
      resend: (network) => dispatcher.kick(network),
      conflicts,
      retry: deps.retry,
    }),
    liquidity,
    balances: new HotBalances(chains, keys, logger),
    ledger: new SwapLedgerQuery(new LedgerRepository(dataSource)),
    partnerFees: new PartnerFeesQuery(new LedgerRepository(dataSource)),
    listTransfers,
    expectAddresses: new ExpectDepositAddresses(chains, logger, (network) => liquidity.kick(network), clock),
    replaceTransfer: new ReplaceTransfer({
      transfers,
      replacements,
      chains,
      keys,
      reservations,
      kick: (network) => dispatcher.kick(network),
      freeze,
      logger,
    }),
    recordRefundOrder: new RecordRefundOrder(refundOrders, logger),
    heldTransfers: new HeldTransfers({
      transfers,
      holds,
      reporter,
      kick: (network) => dispatcher.kick(network),
      reservations,
      views: listTransfers,
      clock,
      logger,
    }),
    freeze,
  };
}
