import type { ApiKeyInfo, SwapSnapshot } from '@swap/contracts';
import { fromSnapshot } from '@swap/contracts';
import { renderSwapOrder, type SwapOrderView } from '@swap/domain';
import type { SwapHistoryRepository } from '@swap/gateway-data';
import type { Body } from '../swap/request-body';
import { ListCursors } from './list-cursor';
import { parseListRequest } from './list-filter';
import type { SwapListView } from './swap-list.view';

export interface ListSwapsSettings {
  publicUrl: string;
  clock: () => number;
}

/** Above any creation time: the first page starts from the top. */
const TOP = Number.MAX_SAFE_INTEGER;

/**
 * D14: the calling key's swaps, newest first, a page at a time, each rendered as /swap/status
 * renders it. One more row than the page is read, so `next` is null exactly on the last page.
 */
export class ListSwaps {
  constructor(
    private readonly history: SwapHistoryRepository,
    private readonly cursors: ListCursors,
    private readonly settings: ListSwapsSettings,
  ) {}

  async execute(body: Body, key: ApiKeyInfo): Promise<SwapListView> {
    const { filter, limit, cursor } = parseListRequest(body, key.key);
    const before =
      cursor === undefined ? { created: filter.until ?? TOP, id: '' } : this.cursors.read(cursor, filter);
    const rows = await this.history.page({ ...filter, before, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const next =
      rows.length > limit ? this.cursors.issue({ created: last.time.reg, id: last.id }, filter) : null;
    return { items: page.map((swap) => this.render(swap)), next };
  }

  private render(swap: SwapSnapshot): SwapOrderView {
    const now = Math.floor(this.settings.clock() / 1000);
    return renderSwapOrder(fromSnapshot(swap), { now, publicUrl: this.settings.publicUrl });
  }
}
