import type { ApiKeyInfo, SwapSnapshot } from '@swap/contracts';
import { fromSnapshot } from '@swap/contracts';
import { renderSwapOrder, SwapOrderView, type AddressChains } from '@swap/domain';
import { SwapViews } from '@swap/gateway-data';
import { MarketFeed, priceSwap } from '@swap/market';
import { listCurrencies, listPairs } from './catalog';
import { EngineClient } from './engine.client';
import { QuoteCache } from './quote.cache';
import { renderQuote } from './quote.view';
import { Body } from './request-body';
import { findSwapByToken, findVisibleSwap } from './swap-access';
import {
  parseCreateRequest,
  parseQuoteRequest,
  parseResolveRequest,
  parseSwapLookup,
} from './swap-request.parser';
import type { CreateRequest } from './swap-request.parser';
import { checkAddress, type AddressCheckView } from './address-check';

export interface SwapApiSettings {
  paymentWindowSeconds: number;
  publicUrl: string;
  clock: () => number;
  /** Networks run on testnet or regtest: their address formats are the valid ones (D8). */
  chains?: AddressChains;
}

/** The swap endpoints of section 4, each a short story: parse, authorize, ask, record, render. */
export class SwapUseCases {
  private readonly quotes: QuoteCache;

  constructor(
    private readonly market: MarketFeed,
    private readonly engine: EngineClient,
    private readonly views: SwapViews,
    private readonly settings: SwapApiSettings,
  ) {
    this.quotes = new QuoteCache(market);
  }

  currencies() {
    return listCurrencies(this.market);
  }

  pairs(key: ApiKeyInfo) {
    return listPairs(key, this.market);
  }

  quote(body: Body, key: ApiKeyInfo) {
    const request = parseQuoteRequest(body, key);
    return this.quotes.get(request, () =>
      renderQuote(priceSwap(this.market, request), this.settings.paymentWindowSeconds),
    );
  }

  /** Section 4.1's checks of a create body (IdempotentCreate runs them, then createParsed). */
  parseCreate(body: Body, key: ApiKeyInfo): CreateRequest {
    return parseCreateRequest(body, key, this.settings.chains);
  }

  /** `requestId` is unique per signed request, so a retried create never makes a second swap. */
  async createParsed(request: CreateRequest, key: ApiKeyInfo, requestId: string): Promise<SwapOrderView> {
    return this.record(() =>
      this.engine.create({
        ...request,
        requestId,
        key: {
          apiKey: key.key,
          fixedRateEnabled: key.fixedRateEnabled,
          dryrunEnabled: key.dryrunEnabled,
          autoExecuteOnMismatch: key.autoExecuteOnMismatch,
          partnerPercent: key.partnerPercent,
        },
      }),
    );
  }

  async status(body: Body, key: ApiKeyInfo): Promise<SwapOrderView> {
    return this.render(await findVisibleSwap(this.views, parseSwapLookup(body), key));
  }

  /** D1: the swap behind a public status link, authorized by its token alone. */
  async publicStatus(id: string, token: string | undefined): Promise<SwapOrderView> {
    return this.render(await findSwapByToken(this.views, id, token));
  }

  async resolve(body: Body, key: ApiKeyInfo): Promise<SwapOrderView> {
    const request = parseResolveRequest(body);
    const swap = await findVisibleSwap(this.views, request, key);
    // The engine judges the choice against the swap's state first, then the address (§4.6).
    return this.record(() => this.engine.resolve(swap.id, request.choice, request.address ?? null));
  }

  async advance(body: Body, key: ApiKeyInfo): Promise<SwapOrderView> {
    const swap = await findVisibleSwap(this.views, parseSwapLookup(body), key);
    return this.record(() => this.engine.advance(swap.id));
  }

  /** D15: the address check create makes, on its own. */
  validateAddress(body: Body): AddressCheckView {
    return checkAddress(body, this.settings.chains);
  }

  /** A change the engine makes and answers: the read model keeps its answer (see SwapViews.change). */
  private async record(change: () => Promise<SwapSnapshot>): Promise<SwapOrderView> {
    return this.render(await this.views.change(change));
  }

  private render(swap: SwapSnapshot): SwapOrderView {
    const now = Math.floor(this.settings.clock() / 1000);
    return renderSwapOrder(fromSnapshot(swap), { now, publicUrl: this.settings.publicUrl });
  }
}
