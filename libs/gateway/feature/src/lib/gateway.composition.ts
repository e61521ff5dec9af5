import type { DataSource } from 'typeorm';
import type { Bus } from '@swap/bus';
import { rateLimitHits, swapUpdated, type ApiKeyInfo } from '@swap/contracts';
import type { AddressChains, Clock, Logger } from '@swap/domain';
import {
  ApiKeyRepository,
  IdempotencyKeyRepository,
  RecentSwapViews,
  PageSwapRepository,
  ReferralCodeRepository,
  SwapHistoryRepository,
  SwapViewRepository,
  SwapViews,
} from '@swap/gateway-data';
import type { MarketFeed } from '@swap/market';
import type { SecretBox } from '@swap/persistence';
import type { RepeatingTask } from '@swap/service-kit';
import { AuthenticateRequest } from './auth/authenticate.use-case';
import { StreamNonceStore } from './auth/nonce.store';
import { VerifyRequest } from './auth/verify-request.use-case';
import { ListCursors } from './history/list-cursor';
import { ListSwaps } from './history/list-swaps.use-case';
import { TreasuryPartnerFees } from './history/partner-fees.client';
import { SwapStats } from './history/swap-stats.use-case';
import { ApiKeyCache } from './keys/api-key.cache';
import { KeyUseCases } from './keys/key.use-cases';
import { LiveStreams, type LiveLimits } from './live/live-streams';
import { RateLimiter } from './rate-limit/rate-limiter';
import { CreateReferredSwap } from './referrals/create-referred-swap.use-case';
import { ReferralCodes } from './referrals/referral-codes.use-cases';
import { AdvanceSwap } from './swap/advance-swap.use-case';
import { CreateSwap } from './swap/create-swap.use-case';
import { EngineClient } from './swap/engine.client';
import { IdempotencyClaims } from './swap/idempotency/idempotency-claims';
import { idempotencyPruneTask } from './swap/idempotency/idempotency-prune.task';
import { ListCurrencies } from './swap/list-currencies.use-case';
import { ListPairs } from './swap/list-pairs.use-case';
import { PublicStatus } from './swap/public-status.use-case';
import { QuoteSwap } from './swap/quote-swap.use-case';
import type { Body } from './swap/request-body';
import { ResolveSwap } from './swap/resolve-swap.use-case';
import { ClientHash, FormStamps, NewSwapPage, PageQuote, StartSwap } from './swap/new-swap-page';
import { IpRateLimiter, StatusPage, type StatusPageSettings } from './swap/status-page';
import { SwapStatus } from './swap/swap-status.use-case';
import { parseCreateRequest, type CreateRequest } from './swap/swap-request.parser';
import { ValidateAddress } from './swap/validate-address.use-case';

export interface GatewaySettings {
  /** The base of the status-page links in swap orders (PUBLIC_URL). */
  publicUrl: string;
  paymentWindowSeconds: number;
  /** Recently updated swaps answered from memory (0: none). */
  swapViewCacheSize: number;
  /** This replica's name in the rate-limit gossip. */
  replica: string;
  /** Signs the list cursors (SECRETS_KEY). */
  cursorSecret: string;
  statusPage: StatusPageSettings;
  /** D17: requests per second one client IP may make to the status pages (and to the swap page). */
  statusPageRateLimit: number;
  /** D18: subscriptions per connection, connections per key. */
  live: LiveLimits;
  swapPage: SwapPageSettings;
}

/** D19's public swap page: its secret and its limits per client. */
export interface SwapPageSettings {
  /** Signs the form's stamps and keys the hashes of client IPs (SWAP_PAGE_SECRET). */
  secret: Buffer;
  /** Swaps one client may create per minute (a token bucket, per replica). */
  createsPerMinute: number;
  /** Swaps one client may have waiting for their deposit at once (NEW), across replicas. */
  openSwaps: number;
}

export interface GatewayDeps {
  dataSource: DataSource;
  bus: Bus;
  market: MarketFeed;
  /** Opens and seals the API secrets (SECRETS_KEY). */
  secrets: SecretBox;
  /** The networks run on testnet or regtest: their address formats are the valid ones (D8). */
  chains: AddressChains;
  settings: GatewaySettings;
  clock: Clock;
  logger: Logger;
}

/** The gateway's use cases over one database and one bus, wired once. */
export interface Gateway {
  /** Section 4.1's checks of a create body, against the operator's chains (D8). */
  parseCreate(body: Body, key: ApiKeyInfo): CreateRequest;
  listCurrencies: ListCurrencies;
  listPairs: ListPairs;
  quoteSwap: QuoteSwap;
  createSwap: CreateSwap;
  /** D19: the public page's create, on behalf of a referral code's key (or of no key). */
  createReferredSwap: CreateReferredSwap;
  swapStatus: SwapStatus;
  resolveSwap: ResolveSwap;
  advanceSwap: AdvanceSwap;
  listSwaps: ListSwaps;
  swapStats: SwapStats;
  validateAddress: ValidateAddress;
  /** D17's page and its JSON, and the per-IP limit in front of them. */
  publicStatus: PublicStatus;
  statusPage: StatusPage;
  statusPageLimiter: IpRateLimiter;
  /** D19's public swap page: the page, its quote, its create, and the per-IP limit in front of them. */
  newSwapPage: NewSwapPage;
  pageQuote: PageQuote;
  startSwap: StartSwap;
  swapPageLimiter: IpRateLimiter;
  /** D2 and D5: who signed, how often, and each nonce once. */
  verifyRequest: VerifyRequest;
  rateLimiter: RateLimiter;
  /** The bus side: operators' key commands, the keys' cache, the read model fed by swap events. */
  keys: KeyUseCases;
  referralCodes: ReferralCodes;
  keyCache: ApiKeyCache;
  views: SwapViews;
  /** D13: Idempotency-Keys past their 24 h deleted. */
  idempotencyPrune: RepeatingTask;
  /** D18: live swap events over WebSocket and SSE, fed by this replica's own reading of the stream. */
  live: LiveStreams;
}

export function composeGateway(deps: GatewayDeps): Gateway {
  const { dataSource, bus, market, secrets, chains, settings, clock, logger } = deps;
  const views = new SwapViews(
    new SwapViewRepository(dataSource),
    new RecentSwapViews(settings.swapViewCacheSize),
  );
  const engine = new EngineClient(bus);
  const rendering = { publicUrl: settings.publicUrl, clock };
  const idempotencyKeys = new IdempotencyKeyRepository(dataSource);
  const history = new SwapHistoryRepository(dataSource);
  const apiKeys = new ApiKeyRepository(dataSource);
  const keyCache = new ApiKeyCache(apiKeys, secrets, clock);
  const rateLimiter = new RateLimiter(
    { send: (hits) => bus.signal(rateLimitHits, { replica: settings.replica, hits }) },
    clock,
  );
  const referralCodes = new ReferralCodeRepository(dataSource);
  const createSwap = new CreateSwap({
    claims: new IdempotencyClaims(idempotencyKeys, { clock }),
    engine,
    views,
    rendering,
  });
  const createReferredSwap = new CreateReferredSwap({
    codes: referralCodes,
    keys: keyCache,
    createSwap,
    chains,
  });
  const quoteSwap = new QuoteSwap(market, settings.paymentWindowSeconds);
  const pageQuote = new PageQuote(createReferredSwap, quoteSwap);
  const stamps = new FormStamps(settings.swapPage.secret, clock);
  return {
    parseCreate: (body, key) => parseCreateRequest(body, key, chains),
    listCurrencies: new ListCurrencies(market),
    listPairs: new ListPairs(market),
    quoteSwap,
    createSwap,
    createReferredSwap,
    swapStatus: new SwapStatus(views, rendering),
    resolveSwap: new ResolveSwap(engine, views, rendering),
    advanceSwap: new AdvanceSwap(engine, views, rendering),
    listSwaps: new ListSwaps(history, new ListCursors(settings.cursorSecret), rendering),
    swapStats: new SwapStats(history, new TreasuryPartnerFees(bus)),
    validateAddress: new ValidateAddress(chains),
    publicStatus: new PublicStatus(views, rendering),
    statusPage: new StatusPage(settings.statusPage),
    statusPageLimiter: new IpRateLimiter(settings.statusPageRateLimit, clock),
    newSwapPage: new NewSwapPage({
      swaps: createReferredSwap,
      quotes: pageQuote,
      market,
      chains,
      stamps,
      publicUrl: settings.publicUrl,
    }),
    pageQuote,
    startSwap: new StartSwap({
      swaps: createReferredSwap,
      stamps,
      creates: new IpRateLimiter(settings.swapPage.createsPerMinute, clock, 60_000),
      log: new PageSwapRepository(dataSource),
      clients: new ClientHash(settings.swapPage.secret),
      // A swap is NEW for its payment window at most; twice that leaves the expiry room to happen.
      limits: {
        openSwaps: settings.swapPage.openSwaps,
        openWithinSeconds: 2 * settings.paymentWindowSeconds,
      },
      logger,
    }),
    swapPageLimiter: new IpRateLimiter(settings.statusPageRateLimit, clock),
    verifyRequest: new VerifyRequest(
      new AuthenticateRequest(keyCache, clock),
      rateLimiter,
      new StreamNonceStore(bus),
    ),
    rateLimiter,
    keys: new KeyUseCases(apiKeys, secrets, bus, clock),
    referralCodes: new ReferralCodes(referralCodes, apiKeys, settings.publicUrl, clock),
    keyCache,
    views,
    idempotencyPrune: idempotencyPruneTask(idempotencyKeys, logger),
    live: new LiveStreams(
      views,
      // A resume reads the swap's stored events: the stream keeps every version (each one event).
      { versions: (id) => bus.replay(swapUpdated, [id]) },
      rendering,
      settings.live,
      logger,
    ),
  };
}
