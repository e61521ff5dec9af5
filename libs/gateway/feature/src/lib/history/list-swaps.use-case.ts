import type { SwapHistoryRepository } from '@swap/gateway-data';
import { renderOrder, type OrderRendering } from '../swap/render-order';
import { ListCursors } from './list-cursor';
import type { ListRequest } from './list-filter';
import type { SwapListView } from './swap-list.view';

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
    private readonly rendering: OrderRendering,
  ) {}

  async execute({ filter, limit, cursor }: ListRequest): Promise<SwapListView> {
    const before =
      cursor === undefined
        ? { created: filter.until ?? TOP, seq: 0, id: '' }
        : this.cursors.read(cursor, filter);
    const rows = await this.history.page({ ...filter, before, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const next =
      rows.length > limit
        ? this.cursors.issue({ created: last.time.reg, seq: last.seq, id: last.id }, filter)
        : null;
    return { items: page.map((swap) => renderOrder(swap, this.rendering)), next };
  }
}
