import type { SwapOrderView } from '@swap/domain';
import { type Asset, assetNamed, PAGE_ASSETS } from './assets';
import { DEFAULT_EXPLORERS, type Explorers } from './explorers';
import { MAINNET_PAYMENT_CHAINS, type PaymentChains } from './payment-uri';
import { noticePage, type PageAssets, StatusPageView } from './page.view';

export interface StatusPageSettings {
  explorers: Explorers;
  chains: PaymentChains;
}

export const MAINNET_STATUS_PAGE: StatusPageSettings = {
  explorers: DEFAULT_EXPLORERS,
  chains: MAINNET_PAYMENT_CHAINS,
};

/** `/swap/{id}` is the page, `/swap/{id}.json` its order (D17). */
export function parseStatusPath(segment: string): { id: string; format: 'html' | 'json' } {
  return segment.endsWith('.json')
    ? { id: segment.slice(0, -'.json'.length), format: 'json' }
    : { id: segment, format: 'html' };
}

/** D17's public status page: everything it answers, rendered from the settings it was built with. */
export class StatusPage {
  private readonly view: StatusPageView;
  private readonly links: PageAssets = {
    stylesheet: `assets/${PAGE_ASSETS.stylesheet.name}`,
    script: `assets/${PAGE_ASSETS.script.name}`,
  };

  constructor(settings: StatusPageSettings = MAINNET_STATUS_PAGE) {
    this.view = new StatusPageView(settings.explorers, settings.chains, this.links);
  }

  /** `version`: the swap's, which the page's script follows its events from. */
  render(order: SwapOrderView, version?: number): string {
    return this.view.render(order, version);
  }

  /** The same page for an unknown swap and a wrong token: nothing tells them apart. */
  notFound(): string {
    return this.message(
      'Swap not found',
      'Check the link you were given: it must be complete, token included.',
    );
  }

  tooManyRequests(retryAfterSeconds: number): string {
    return this.message('Too many requests', `Please wait ${retryAfterSeconds} s and load the page again.`);
  }

  /** The stylesheet or the script, by its hashed name. */
  asset(name: string): Asset | undefined {
    return assetNamed(PAGE_ASSETS, name);
  }

  private message(title: string, text: string): string {
    return noticePage(title, text, this.links);
  }
}
