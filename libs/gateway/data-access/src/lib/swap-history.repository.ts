import type { DataSource } from 'typeorm';
import type { SwapSnapshot } from '@swap/contracts';
import type { CurrencyCode, SwapStatus } from '@swap/domain';
import { queryPrepared, type PreparedStatement } from '@swap/persistence';

/*
 * A key's swaps by creation time, then creation sequence, read through the indexes of migration
 * 1767600000000: the expressions below are the indexed ones, written the same way so the planner
 * matches them. The id orders only rows stored before snapshots had a sequence (read as 0).
 */
const CREATED = `((snapshot->'time'->>'reg')::bigint)`;
const SEQ = `(coalesce((snapshot->>'seq')::bigint, 0))`;
const STATUS = `(snapshot->>'status')`;
const POSITION = `(${CREATED}, ${SEQ}, id) < ($3, $4, $5)`;

/** Newest first, strictly below the position ($3, $4, $5) and at or after $2; $6 rows. */
const PAGE: PreparedStatement = {
  name: 'swap_views_page',
  text: `SELECT snapshot FROM swap_views
         WHERE api_key = $1 AND ${CREATED} >= $2 AND ${POSITION}
         ORDER BY ${CREATED} DESC, ${SEQ} DESC, id DESC LIMIT $6`,
};

/** The same for some statuses ($7): each status's own range of the index, merged. */
const PAGE_OF_STATUSES: PreparedStatement = {
  name: 'swap_views_page_of_statuses',
  text: `SELECT page.snapshot FROM unnest($7::text[]) AS wanted(status)
         CROSS JOIN LATERAL (
           SELECT snapshot, ${CREATED} AS created, ${SEQ} AS seq, id FROM swap_views
           WHERE api_key = $1 AND ${STATUS} = wanted.status AND ${CREATED} >= $2 AND ${POSITION}
           ORDER BY ${CREATED} DESC, ${SEQ} DESC, id DESC LIMIT $6
         ) AS page
         ORDER BY page.created DESC, page.seq DESC, page.id DESC LIMIT $6`,
};

/** The real swaps of a key created in [$2, $3). */
const REAL_SWAPS_CREATED = `SELECT snapshot FROM swap_views
  WHERE api_key = $1 AND ${CREATED} >= $2 AND ${CREATED} < $3 AND NOT (snapshot->>'dryrun')::boolean`;

/**
 * Per pair: the swaps by status, what their deposits brought and what their payouts delivered,
 * the way the order shows them (rule 1): the swap's own deposit and the later ones paid out on
 * their own (a further payout that failed went back instead); the swap's payout once it is DONE,
 * and each further payout that landed.
 */
const STATS: PreparedStatement = {
  name: 'swap_views_stats',
  text: `SELECT mine.s->>'from' AS "from", mine.s->>'to' AS "to",
           count(*)::int AS total,
           count(*) FILTER (WHERE mine.s->>'status' = 'DONE')::int AS done,
           count(*) FILTER (WHERE mine.s->>'status' = 'REFUNDED')::int AS refunded,
           count(*) FILTER (WHERE mine.s->>'status' = 'EXPIRED')::int AS expired,
           count(*) FILTER (WHERE mine.s->>'status' = 'FAILED')::int AS failed,
           sum((mine.s->>'amountDeposited')::numeric + later.deposited)::text AS deposited,
           sum(CASE WHEN mine.s->>'status' = 'DONE' THEN (mine.s->>'amountTo')::numeric ELSE 0 END
               + later.paid)::text AS paid
         FROM (${REAL_SWAPS_CREATED}) AS mine(s)
         CROSS JOIN LATERAL (
           SELECT coalesce(sum((l->>'amount')::numeric) FILTER (WHERE l->'payout'->>'state' <> 'FAILED'), 0) AS deposited,
                  coalesce(sum((l->'payout'->>'amountTo')::numeric) FILTER (WHERE l->'payout'->>'state' = 'DONE'), 0) AS paid
           FROM jsonb_array_elements(coalesce(mine.s->'later', '[]'::jsonb)) AS l
         ) AS later
         GROUP BY 1, 2 ORDER BY 1, 2`,
};

/** The statements, for the test that checks their plans use the indexes (swap-history.int-spec.ts). */
export const SWAP_HISTORY_STATEMENTS = { PAGE, PAGE_OF_STATUSES, STATS };

export interface SwapPageQuery {
  apiKey: string;
  /** Null: every status. */
  statuses: readonly SwapStatus[] | null;
  /** Created at or after (unix s). */
  since: number;
  /** Only swaps strictly before this position, newest first: (created, seq, id) below it. */
  before: { created: number; seq: number; id: string };
  limit: number;
}

export interface SwapRangeQuery {
  apiKey: string;
  /** [since, until) of creation, unix s. */
  since: number;
  until: number;
}

/** A pair's real swaps created in the range, amounts in base units. */
export interface PairTotals {
  from: CurrencyCode;
  to: CurrencyCode;
  total: number;
  done: number;
  refunded: number;
  expired: number;
  failed: number;
  /** From-currency base units deposited. */
  deposited: bigint;
  /** To-currency base units paid out. */
  paid: bigint;
}

type TotalsRow = Omit<PairTotals, 'deposited' | 'paid'> & { deposited: string; paid: string };

/** D14's history and the per-key statistics, read from the read model (`swap_views`). */
export class SwapHistoryRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(query: SwapPageQuery): Promise<SwapSnapshot[]> {
    const { apiKey, since, before, limit, statuses } = query;
    const values: unknown[] = [apiKey, since, before.created, before.seq, before.id, limit];
    const rows = await queryPrepared<{ snapshot: SwapSnapshot }>(
      this.dataSource,
      statuses === null ? PAGE : PAGE_OF_STATUSES,
      statuses === null ? values : [...values, statuses],
    );
    return rows.map((row) => row.snapshot);
  }

  async totalsByPair({ apiKey, since, until }: SwapRangeQuery): Promise<PairTotals[]> {
    const rows = await queryPrepared<TotalsRow>(this.dataSource, STATS, [apiKey, since, until]);
    return rows.map((row) => ({ ...row, deposited: BigInt(row.deposited), paid: BigInt(row.paid) }));
  }
}
