import { DataSource } from 'typeorm';
import type { ClaimedEvent, DeliveryRow, NewEvent, RecordedAttempt } from './webhook-event';

export interface ClaimOptions {
  limit: number;
  /** Keys with as many attempts under way in this process as they may have: not claimed now. */
  busyKeys: string[];
  /** How long a claim holds before another replica may take the event (longer than a request). */
  leaseSeconds: number;
  /**
   * An event whose predecessor never came (the stream no longer had it) is sent after this long
   * all the same, once no earlier event of its swap is pending.
   */
  orphanAfterSeconds: number;
}

/** A pending event `e` due now that no replica holds. */
const DUE_UNCLAIMED = `e.state = 'pending' AND e.next_attempt_at <= now()
  AND (e.leased_until IS NULL OR e.leased_until < now())`;

/** `e` is its swap's first event, or the one before it is delivered, given up or skipped (D12's order). */
const PREDECESSOR_DONE = `(e.version = 1 OR EXISTS (SELECT 1 FROM webhook_events p
  WHERE p.swap_id = e.swap_id AND p.version = e.version - 1 AND p.state <> 'pending'))`;

interface ClaimRow {
  event_id: string;
  api_key: string;
  swap_id: string;
  body: string;
  attempts: number;
  round_start: number;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Date | null;
}

/**
 * The events and their delivery attempts. Order per swap (D12) is kept here: a swap's event is
 * claimed only once the one before it (version - 1) is delivered, given up or skipped, and one
 * claimed is pending, so a swap never has two attempts under way, on any replica.
 */
export class EventRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Records swap changes once each: pending for a key with a webhook, skipped for the others; a
   * repeat (already recorded) is ignored and answered null. One answer per event, in order.
   */
  async record(events: NewEvent[]): Promise<Array<'pending' | 'skipped' | null>> {
    if (events.length === 0) return [];
    const rows = (await this.db.query(
      `INSERT INTO webhook_events (event_id, api_key, swap_id, version, body, state, finished_at)
       SELECT e.event_id, e.api_key, e.swap_id, e.version,
              CASE WHEN w.api_key IS NULL THEN NULL ELSE e.body END,
              CASE WHEN w.api_key IS NULL THEN 'skipped' ELSE 'pending' END,
              CASE WHEN w.api_key IS NULL THEN now() END
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[])
            AS e(event_id, api_key, swap_id, version, body)
       LEFT JOIN webhooks w ON w.api_key = e.api_key
       ON CONFLICT DO NOTHING
       RETURNING event_id, state`,
      [
        events.map((e) => e.eventId),
        events.map((e) => e.key),
        events.map((e) => e.swapId),
        events.map((e) => e.version),
        events.map((e) => e.body),
      ],
    )) as Array<{ event_id: string; state: 'pending' | 'skipped' }>;
    const states = new Map(rows.map((row) => [row.event_id, row.state]));
    return events.map((event) => states.get(event.eventId) ?? null);
  }

  /** Pending events due now, in order per swap, leased to this caller for one attempt each. */
  async claim(options: ClaimOptions): Promise<ClaimedEvent[]> {
    const rows = (await this.db.query(
      `WITH due AS (
         SELECT e.event_id FROM webhook_events e
         WHERE ${DUE_UNCLAIMED}
           AND NOT (e.api_key = ANY($2::text[]))
           AND (${PREDECESSOR_DONE}
             OR (e.created_at < now() - make_interval(secs => $4)
                 AND NOT EXISTS (SELECT 1 FROM webhook_events p
                                 WHERE p.swap_id = e.swap_id AND p.version < e.version AND p.state = 'pending')))
         ORDER BY e.next_attempt_at
         LIMIT $1
         FOR UPDATE OF e SKIP LOCKED
       )
       UPDATE webhook_events e SET leased_until = now() + make_interval(secs => $3)
       FROM due, webhooks w
       WHERE e.event_id = due.event_id AND w.api_key = e.api_key
       RETURNING e.event_id, e.api_key, e.swap_id, e.body, e.attempts, e.round_start, w.url, w.secret_sealed,
                 w.previous_secret_sealed, w.previous_secret_until`,
      [options.limit, options.busyKeys, options.leaseSeconds, options.orphanAfterSeconds],
    )) as [ClaimRow[], number];
    return rows[0].map((row) => ({
      eventId: row.event_id,
      key: row.api_key,
      swapId: row.swap_id,
      body: row.body,
      attempts: row.attempts,
      roundAttempts: row.attempts - row.round_start,
      url: row.url,
      secretSealed: row.secret_sealed,
      previousSecret:
        row.previous_secret_sealed === null || row.previous_secret_until === null
          ? null
          : { sealed: row.previous_secret_sealed, until: row.previous_secret_until },
    }));
  }

  /**
   * Records attempts and moves their events on, in one transaction (the dispatcher's attempts that
   * end together are one group commit). Each update is guarded by the attempts its claim saw: if a
   * lease ran out and another replica made an attempt meanwhile, this one is still recorded but
   * the event is left as the later attempt set it.
   */
  async recordAttempts(attempts: readonly RecordedAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const column = <T>(pick: (attempt: RecordedAttempt) => T) => attempts.map(pick);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO webhook_deliveries (event_id, api_key, attempt, url, http_status, ok, error, duration_ms)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::int[], $6::bool[], $7::text[], $8::int[])`,
        [
          column((a) => a.event.eventId),
          column((a) => a.event.key),
          column((a) => a.event.attempts + 1),
          column((a) => a.result.url),
          column((a) => a.result.httpStatus),
          column((a) => a.result.ok),
          column((a) => a.result.error),
          column((a) => a.result.durationMs),
        ],
      );
      await tx.query(
        `UPDATE webhook_events e
         SET state = u.state, attempts = e.attempts + 1, leased_until = NULL,
             next_attempt_at = COALESCE(u.next_at, e.next_attempt_at),
             finished_at = CASE WHEN u.state = 'pending' THEN NULL ELSE now() END
         FROM unnest($1::text[], $2::int[], $3::text[], $4::timestamptz[]) AS u(event_id, attempts, state, next_at)
         WHERE e.event_id = u.event_id AND e.attempts = u.attempts AND e.state = 'pending'`,
        [
          column((a) => a.event.eventId),
          column((a) => a.event.attempts),
          column((a) => a.outcome.state),
          column((a) => (a.outcome.state === 'pending' ? a.outcome.nextAttemptAt : null)),
        ],
      );
    });
  }

  /** Hands claimed events back before their lease runs out (a replica stopping). */
  async unclaim(eventIds: readonly string[]): Promise<void> {
    if (eventIds.length === 0) return;
    await this.db.query(
      `UPDATE webhook_events SET leased_until = NULL WHERE event_id = ANY($1::text[]) AND state = 'pending'`,
      [eventIds],
    );
  }

  /**
   * D12 redeliver: the event is pending again now, with the same id and body, and a fresh round of
   * retries. Null when there is no such event for a key with a webhook.
   */
  async redeliver(eventId: string): Promise<{ key: string; swapId: string } | null> {
    const rows = (await this.db.query(
      `UPDATE webhook_events e
       SET state = 'pending', next_attempt_at = now(), round_start = attempts, finished_at = NULL
       FROM webhooks w
       WHERE e.event_id = $1 AND e.state <> 'skipped' AND w.api_key = e.api_key
       RETURNING e.api_key, e.swap_id`,
      [eventId],
    )) as [Array<{ api_key: string; swap_id: string }>, number];
    const [row] = rows[0];
    return row ? { key: row.api_key, swapId: row.swap_id } : null;
  }

  /** The latest attempts, newest first (D12: swapctl webhooks deliveries). */
  async deliveries(filter: { key?: string; failed: boolean; limit: number }): Promise<DeliveryRow[]> {
    const rows = (await this.db.query(
      `SELECT d.event_id, d.api_key, e.swap_id, d.attempt, d.url, d.at, d.http_status, d.ok, d.error,
              d.duration_ms, e.state, e.next_attempt_at
       FROM webhook_deliveries d JOIN webhook_events e ON e.event_id = d.event_id
       WHERE ($1::text IS NULL OR d.api_key = $1) AND (NOT $2 OR NOT d.ok)
       ORDER BY d.id DESC LIMIT $3`,
      [filter.key ?? null, filter.failed, filter.limit],
    )) as Array<{
      event_id: string;
      api_key: string;
      swap_id: string;
      attempt: number;
      url: string;
      at: Date;
      http_status: number | null;
      ok: boolean;
      error: string | null;
      duration_ms: number;
      state: DeliveryRow['eventState'];
      next_attempt_at: Date;
    }>;
    return rows.map((row) => ({
      eventId: row.event_id,
      key: row.api_key,
      swapId: row.swap_id,
      attempt: row.attempt,
      url: row.url,
      at: row.at,
      httpStatus: row.http_status,
      ok: row.ok,
      error: row.error,
      durationMs: row.duration_ms,
      eventState: row.state,
      nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
    }));
  }

  /**
   * For the metrics: events not yet delivered nor given up and when the oldest was recorded, and
   * since when the oldest event that could be sent now (due, its swap's earlier one done, no replica
   * on it) has waited: that one grows only when the dispatchers are down or behind.
   */
  async backlog(): Promise<{ pending: number; oldestAt: Date | null; overdueSince: Date | null }> {
    const [row] = (await this.db.query(
      `SELECT (SELECT count(*)::int FROM webhook_events WHERE state = 'pending') AS pending,
              (SELECT min(created_at) FROM webhook_events WHERE state = 'pending') AS oldest,
              (SELECT min(e.next_attempt_at) FROM webhook_events e
               WHERE ${DUE_UNCLAIMED} AND ${PREDECESSOR_DONE}) AS overdue`,
    )) as Array<{ pending: number; oldest: Date | null; overdue: Date | null }>;
    return { pending: row.pending, oldestAt: row.oldest, overdueSince: row.overdue };
  }

  /**
   * Forgets finished events older than `olderThanSeconds`, except each swap's newest one, which
   * its next event (an operator's resolution weeks later) waits on. At most `limit` at a time.
   */
  async prune(olderThanSeconds: number, limit: number): Promise<number> {
    const result = (await this.db.query(
      `DELETE FROM webhook_events WHERE event_id IN (
         SELECT e.event_id FROM webhook_events e
         WHERE e.state <> 'pending' AND e.finished_at < now() - make_interval(secs => $1)
           AND EXISTS (SELECT 1 FROM webhook_events n
                       WHERE n.swap_id = e.swap_id AND n.version > e.version AND n.state <> 'pending')
         LIMIT $2)`,
      [olderThanSeconds, limit],
    )) as [unknown[], number];
    return result[1];
  }
}
