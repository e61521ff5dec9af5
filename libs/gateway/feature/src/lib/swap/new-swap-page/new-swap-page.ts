import { allPairs, type AddressChains, isSwapError, type KeyRights, type QuoteView } from '@swap/domain';
import { type MarketFeed, pairAvailable } from '@swap/market';
import { type AddressCheckView, checkAddress, parseAddressCheck } from '../address-check';
import { type Asset, assetNamed } from '../status-page/assets';
import { markup } from '../status-page/html';
import { noticePage, type PageAssets } from '../status-page/page.view';
import type { FormStamps } from './form-stamp';
import { NEW_SWAP_ASSETS } from './new-swap.assets';
import { newSwapPageHeaders } from './new-swap.headers';
import { type NewSwapForm, refOf } from './new-swap.form';
import { NewSwapView, type NewSwapPageState } from './new-swap.view';
import type { PageQuote } from './page-quote.use-case';
import type { ReferralSwaps } from './referral-swaps.port';

export interface NewSwapPageDeps {
  swaps: Pick<ReferralSwaps, 'rightsOf'>;
  quotes: PageQuote;
  market: MarketFeed;
  chains: AddressChains;
  stamps: FormStamps;
  /** The status pages' base (PUBLIC_URL): the form's create lands there. */
  publicUrl: string;
}

/** Paths relative to `/swap/new`, so a path prefix in front of the gateway keeps working. */
const LINKS: PageAssets = {
  stylesheet: `new/assets/${NEW_SWAP_ASSETS.stylesheet.name}`,
  script: `new/assets/${NEW_SWAP_ASSETS.script.name}`,
};

/**
 * D19's page to start a swap: the form as the user typed it, with the pairs under maintenance,
 * the quote of what was typed and the addresses' checks, all worked out on the server so that
 * the page is complete without JavaScript.
 */
export class NewSwapPage {
  private readonly view = new NewSwapView(LINKS);
  /** Of every answer: the page, its JSON, its assets, its errors. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(private readonly deps: NewSwapPageDeps) {
    this.headers = newSwapPageHeaders(deps.publicUrl);
  }

  /** The page for a form (empty on a first visit), with why a create was refused, if it was. */
  async render(form: NewSwapForm, message: string | null = null): Promise<string> {
    const { swaps, stamps } = this.deps;
    const rights = await swaps.rightsOf(refOf(form));
    const state: NewSwapPageState = {
      form,
      stamp: stamps.issue(),
      fixedAllowed: rights.fixedRateEnabled,
      unavailable: this.unavailablePairs(),
      ...this.quoteOf(form, rights),
      checks: {
        toAddress: this.check(form.to, form.toAddress),
        refundAddress: this.check(form.from, form.refundAddress),
      },
      message,
    };
    return this.view.render(state);
  }

  /** D15's check of an address for a currency code, as create makes it. */
  checkAddress(code: string, address: string): AddressCheckView {
    return checkAddress(parseAddressCheck({ code, address }), this.deps.chains);
  }

  message(title: string, text: string): string {
    return noticePage(title, text, LINKS, markup`<p><a href="new">Back to the swap page</a></p>`);
  }

  asset(name: string): Asset | undefined {
    return assetNamed(NEW_SWAP_ASSETS, name);
  }

  private unavailablePairs(): Set<string> {
    const { market } = this.deps;
    return new Set(
      allPairs()
        .filter(([from, to]) => !pairAvailable(market, from, to))
        .map(([from, to]) => `${from}-${to}`),
    );
  }

  private quoteOf(
    form: NewSwapForm,
    rights: KeyRights,
  ): { quote: QuoteView | null; quoteError: string | null } {
    if (form.amount.trim() === '') return { quote: null, quoteError: null };
    try {
      return { quote: this.deps.quotes.priced(form, rights), quoteError: null };
    } catch (error) {
      if (!isSwapError(error)) throw error;
      return { quote: null, quoteError: error.message };
    }
  }

  private check(code: string, address: string): AddressCheckView | undefined {
    if (address.trim() === '') return undefined;
    try {
      return this.checkAddress(code, address);
    } catch (error) {
      if (!isSwapError(error)) throw error;
      return undefined; // no such currency: the quote says so
    }
  }
}
