import { listSwapsBody, PARTNER_FEES_MAX_DAYS, swapStatsBody } from '@swap/contracts';
import { SWAP_STATUSES, SwapErrors, type SwapStatus } from '@swap/domain';
import { parseRequest } from '../swap/parse-request';
import type { Body } from '../swap/request-body';

/** Which of a key's swaps a list shows; a cursor is valid only for the filter it was issued for. */
export interface ListFilter {
  apiKey: string;
  /** In section 5's order, each once; null: every status. */
  statuses: readonly SwapStatus[] | null;
  /** Created at or after (unix s; 0 when not given). */
  since: number;
  /** Created before (unix s); null: no bound. */
  until: number | null;
}

export interface ListRequest {
  filter: ListFilter;
  limit: number;
  cursor: string | undefined;
}

/** D14: the body of /swap/list for the calling key. */
export function parseListRequest(body: Body, apiKey: string): ListRequest {
  const { status, since = 0, until, limit, cursor } = parseRequest(listSwapsBody, body);
  if (until !== undefined) checkOrder(since, until);
  return { filter: { apiKey, statuses: statusSet(status), since, until: until ?? null }, limit, cursor };
}

/** The longest range the statistics sum up in one request: what the treasury sums up in one. */
export const MAX_STATS_RANGE_DAYS = PARTNER_FEES_MAX_DAYS;

export interface StatsRange {
  apiKey: string;
  since: number;
  until: number;
}

/** The body of /swap/stats: [since, until), at most MAX_STATS_RANGE_DAYS long. */
export function parseStatsRequest(body: Body, apiKey: string): StatsRange {
  const { since, until } = parseRequest(swapStatsBody, body);
  checkOrder(since, until);
  if (until - since > MAX_STATS_RANGE_DAYS * 86_400) {
    throw SwapErrors.invalidTimeRange(`at most ${MAX_STATS_RANGE_DAYS} days at a time`);
  }
  return { apiKey, since, until };
}

function checkOrder(since: number, until: number): void {
  if (since > until) throw SwapErrors.invalidTimeRange('since is after until');
}

/** One status or several, in a canonical form (a cursor's MAC covers it); all of them is no filter. */
function statusSet(status: SwapStatus | SwapStatus[] | undefined): readonly SwapStatus[] | null {
  if (status === undefined) return null;
  const wanted = new Set(Array.isArray(status) ? status : [status]);
  return wanted.size === SWAP_STATUSES.length ? null : SWAP_STATUSES.filter((s) => wanted.has(s));
}
