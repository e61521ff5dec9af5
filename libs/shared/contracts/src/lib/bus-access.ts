import { NETWORKS } from '@swap/domain';
import type { z } from 'zod';
import type { EventContract, KvContract, RpcContract, SignalContract, StreamContract } from './define';
import { DEPOSIT_RETURNS_STREAM, depositReturnUpdated } from './deposit-returns';
import {
  devnetAccount,
  devnetBalance,
  devnetBlockAt,
  devnetDeposit,
  devnetExpectAddresses,
  devnetFailPayouts,
  devnetFee,
  devnetMempool,
  devnetMine,
  devnetReorg,
  devnetSubmit,
  devnetSubmitBatch,
  devnetTip,
  devnetTransaction,
} from './devnet.rpc';
import { ENGINE_INBOX_STREAM, ENGINE_PARTITIONS, engineInbox } from './engine.inbox';
import { engineLeasesKv } from './engine.leases';
import {
  engineAdvanceSwap,
  engineCreateSwap,
  engineListSwaps,
  engineOperatorRefund,
  engineResolveSwap,
  engineRetryPayout,
  engineReturnDeposit,
  engineShowSwap,
  engineSwapDeposits,
} from './engine.rpc';
import { GATEWAY_NONCES_STREAM, nonceUsed } from './gateway.nonces';
import {
  apiKeyChanged,
  gatewayCreateKey,
  gatewayIssueReferral,
  gatewayKeyExists,
  gatewayListReferrals,
  gatewayRevokeReferral,
  gatewayListKeys,
  gatewaySetKeyDisabled,
  gatewaySetKeyAgreement,
  rateLimitHits,
} from './gateway.ops';
import { currencySettingsKv, liquidityKv, pairSettingsKv, pricesKv } from './market.kv';
import {
  notifierListDeliveries,
  notifierListWebhooks,
  notifierRedeliver,
  notifierRemoveWebhook,
  notifierRotateWebhookSecret,
  notifierSetWebhook,
} from './notifier.ops';
import {
  pricingListCurrencies,
  pricingListPairs,
  pricingListPrices,
  pricingSetCurrency,
  pricingSetPair,
} from './pricing.ops';
import { SWAP_EVENTS_STREAM } from './streams';
import { swapUpdated } from './swap.events';
import { MONEY_COMMANDS_STREAM, refundRequested, treasuryPayoutRequested } from './treasury.commands';
import { treasuryPartnerFees } from './treasury-partner-fees.rpc';
import { treasuryApprove, treasuryFreeze, treasuryReject, treasuryUnfreeze } from './treasury-policy.rpc';
import { treasuryBump, treasuryCpfp, treasuryFillNonce } from './treasury-replacements.rpc';
import { treasuryBalances, treasuryLedger, treasurySignTransfer, treasuryTransfers } from './treasury.rpc';
import { watcherLeasesKv } from './watcher.kv';

/**
 * Who may do what on the bus: one entry per bus identity, naming the contracts it uses. The NATS
 * server's permissions are generated from this table (see @swap/bus natsPermissions), and a test
 * holds it equal to the services' handlers and publishers, so code and permissions cannot drift.
 */
export const BUS_IDENTITIES = [
  'gateway',
  'pricing',
  'engine',
  'watcher',
  'treasury',
  'refunds',
  'notifier',
  'devnet',
  'operator',
] as const;
export type BusIdentity = (typeof BUS_IDENTITIES)[number];

type AnyEvent = EventContract<z.ZodType, never> | EventContract<z.ZodType, unknown[]>;
// The table lists contracts of every schema; only their names and subjects matter here.
type AnyRpc = RpcContract<z.ZodType, z.ZodType>;
type AnySignal = SignalContract<z.ZodType>;
type AnyKv = KvContract<z.ZodType>;

export interface BusAccess {
  /**
   * Streams the identity makes sure exist at start (created from the contract when missing).
   * Only an owner may change an existing stream's settings.
   */
  streams: { stream: StreamContract; owner: boolean }[];
  /** JetStream events it publishes. */
  publishes: AnyEvent[];
  /** Durable consumers it pulls, by name. */
  consumes: { event: AnyEvent; durables: string[] }[];
  /** Events it hears as a plain subscriber, no consumer (a view kept in memory). */
  observes: AnyEvent[];
  /**
   * Events each of its processes reads on an ordered consumer of its own (every replica sees every
   * event, and can read back a subject's stored events).
   */
  follows: AnyEvent[];
  /** Requests it answers. */
  serves: AnyRpc[];
  /** Requests it sends. */
  calls: AnyRpc[];
  /** Signals it sends. */
  sends: AnySignal[];
  /** Signals it hears. */
  hears: AnySignal[];
  /** Key-value buckets it opens; `write` to put, `owner` to change the bucket's settings. */
  kv: { bucket: AnyKv; write: boolean; owner: boolean }[];
}

const NONE: BusAccess = {
  streams: [],
  publishes: [],
  consumes: [],
  observes: [],
  follows: [],
  serves: [],
  calls: [],
  sends: [],
  hears: [],
  kv: [],
};

const access = (parts: Partial<BusAccess>): BusAccess => ({ ...NONE, ...parts });
const reads = (bucket: AnyKv) => ({ bucket, write: false, owner: false });
const owns = (bucket: AnyKv) => ({ bucket, write: true, owner: true });
const uses = (stream: StreamContract) => ({ stream, owner: false });
const MARKET_READS = [reads(pricesKv), reads(liquidityKv), reads(currencySettingsKv), reads(pairSettingsKv)];

/** The chain nodes' stand-in (D10's embedded default): a service on it reads and sends through these. */
export const DEVNET_CHAIN_CALLS: AnyRpc[] = [
  devnetTip,
  devnetBlockAt,
  devnetMempool,
  devnetTransaction,
  devnetBalance,
  devnetAccount,
  devnetFee,
  devnetExpectAddresses,
  devnetSubmitBatch,
];

/** What swapctl asks of each service: every operator command, and nothing a service does. */
const GATEWAY_OPS: AnyRpc[] = [
  gatewayCreateKey,
  gatewayListKeys,
  gatewaySetKeyDisabled,
  gatewaySetKeyAgreement,
  gatewayIssueReferral,
  gatewayListReferrals,
  gatewayRevokeReferral,
];
const PRICING_OPS: AnyRpc[] = [
  pricingListPrices,
  pricingListCurrencies,
  pricingSetCurrency,
  pricingListPairs,
  pricingSetPair,
];
const ENGINE_OPS: AnyRpc[] = [
  engineShowSwap,
  engineListSwaps,
  engineRetryPayout,
  engineOperatorRefund,
  engineSwapDeposits,
  engineReturnDeposit,
];
const TREASURY_OPS: AnyRpc[] = [
  treasuryBalances,
  treasuryLedger,
  treasuryTransfers,
  treasuryBump,
  treasuryFillNonce,
  treasuryCpfp,
  treasuryApprove,
  treasuryReject,
  treasuryFreeze,
  treasuryUnfreeze,
];
const NOTIFIER_OPS: AnyRpc[] = [
  notifierSetWebhook,
  notifierRemoveWebhook,
  notifierListWebhooks,
  notifierListDeliveries,
  notifierRedeliver,
  notifierRotateWebhookSecret,
];
const DEVNET_OPS: AnyRpc[] = [devnetDeposit, devnetMine, devnetFailPayouts, devnetReorg];

/** The durable of each network's watch list (one per network, shared by its replicas). */
export const watcherSwapsDurable = (network: string): string => `watcher-${network.toLowerCase()}`;
/** The durable of one engine inbox partition. */
export const engineInboxDurable = (partition: number): string => `engine-p${partition}`;

export const BUS_ACCESS: Record<BusIdentity, BusAccess> = {
  gateway: access({
    streams: [uses(SWAP_EVENTS_STREAM), { stream: GATEWAY_NONCES_STREAM, owner: true }],
    publishes: [nonceUsed],
    consumes: [{ event: swapUpdated, durables: ['gateway-swap-views'] }],
    observes: [swapUpdated],
    // D18's live events and their resume.
    follows: [swapUpdated],
    serves: [...GATEWAY_OPS, gatewayKeyExists],
    calls: [engineCreateSwap, engineAdvanceSwap, engineResolveSwap, treasuryPartnerFees],
    sends: [apiKeyChanged, rateLimitHits],
    hears: [apiKeyChanged, rateLimitHits],
    kv: MARKET_READS,
  }),
  pricing: access({
    serves: PRICING_OPS,
    kv: [owns(pricesKv), owns(currencySettingsKv), owns(pairSettingsKv)],
  }),
  engine: access({
    streams: [SWAP_EVENTS_STREAM, ENGINE_INBOX_STREAM, MONEY_COMMANDS_STREAM, DEPOSIT_RETURNS_STREAM].map(
      (stream) => ({ stream, owner: true }),
    ),
    publishes: [swapUpdated, treasuryPayoutRequested, refundRequested, depositReturnUpdated],
    consumes: [
      {
        event: engineInbox,
        durables: Array.from({ length: ENGINE_PARTITIONS }, (_, p) => engineInboxDurable(p)),
      },
    ],
    serves: [engineCreateSwap, engineAdvanceSwap, engineResolveSwap, ...ENGINE_OPS],
    kv: [owns(engineLeasesKv), ...MARKET_READS],
  }),
  watcher: access({
    streams: [uses(SWAP_EVENTS_STREAM), uses(ENGINE_INBOX_STREAM)],
    publishes: [engineInbox],
    consumes: [{ event: swapUpdated, durables: NETWORKS.map(watcherSwapsDurable) }],
    kv: [owns(watcherLeasesKv)],
  }),
  treasury: access({
    streams: [MONEY_COMMANDS_STREAM, SWAP_EVENTS_STREAM, ENGINE_INBOX_STREAM, DEPOSIT_RETURNS_STREAM].map(
      uses,
    ),
    publishes: [engineInbox],
    consumes: [
      { event: treasuryPayoutRequested, durables: ['treasury-payouts'] },
      { event: swapUpdated, durables: ['treasury-swaps'] },
      { event: depositReturnUpdated, durables: ['treasury-returns'] },
      { event: refundRequested, durables: ['treasury-refunds'] },
    ],
    serves: [treasurySignTransfer, treasuryPartnerFees, ...TREASURY_OPS],
    kv: [owns(liquidityKv)],
  }),
  refunds: access({
    streams: [uses(MONEY_COMMANDS_STREAM), uses(ENGINE_INBOX_STREAM)],
    publishes: [engineInbox],
    consumes: [{ event: refundRequested, durables: ['refunds'] }],
    calls: [treasurySignTransfer],
  }),
  notifier: access({
    streams: [uses(SWAP_EVENTS_STREAM)],
    consumes: [{ event: swapUpdated, durables: ['notifier'] }],
    serves: NOTIFIER_OPS,
    calls: [gatewayKeyExists],
  }),
  devnet: access({
    serves: [...DEVNET_CHAIN_CALLS, devnetSubmit, ...DEVNET_OPS],
  }),
  /** swapctl: every operator command, and nothing a service does. */
  operator: access({
    calls: [...GATEWAY_OPS, ...PRICING_OPS, ...ENGINE_OPS, ...TREASURY_OPS, ...NOTIFIER_OPS, ...DEVNET_OPS],
  }),
};

/**
 * The identities that reach chains through the devnet when it stands in for the nodes (D10):
 * they get DEVNET_CHAIN_CALLS on top of their own table only in such a deployment.
 */
export const DEVNET_CHAIN_USERS: BusIdentity[] = ['watcher', 'treasury', 'refunds'];

/** One identity's access in a deployment with or without the devnet. */
export function busAccessOf(identity: BusIdentity, options: { devnet: boolean }): BusAccess {
  const own = BUS_ACCESS[identity];
  if (!options.devnet || !DEVNET_CHAIN_USERS.includes(identity)) return own;
  return { ...own, calls: [...own.calls, ...DEVNET_CHAIN_CALLS] };
}
