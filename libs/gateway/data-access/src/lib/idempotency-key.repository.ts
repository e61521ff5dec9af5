import type { DataSource } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '@swap/persistence';

/** One Idempotency-Key of one API key (D13). */
export interface IdempotencyScope {
  apiKey: string;
  idempotencyKey: string;
}

/** What a request with an Idempotency-Key does next. */
export type IdempotencyClaim =
  /** Create, under this engine request id: the request's own, or that of a pending row taken over. */
  | { kind: 'run'; requestId: string }
  /** The first request's answer. */
  | { kind: 'replay'; status: number; response: unknown }
  /** The key was used with another request. */
  | { kind: 'mismatch' }
  /** Another request with the key is creating: ask again shortly. */
  | { kind: 'busy' };

export interface IdempotencyKeySettings {
  /** How long a key is remembered (D13: 24 h). */
  ttlSeconds: number;
  /** How long a pending create may run before another request may take it over. */
  leaseSeconds: number;
}

export const IDEMPOTENCY_DEFAULTS: IdempotencyKeySettings = { ttlSeconds: 86_400, leaseSeconds: 15 };

const KEY = 'api_key = $1 AND idempotency_key = $2';

/** A new key, or one whose 24 h are over, becomes this request's to run. */
const INSERT: PreparedStatement = {
  name: 'idempotency_insert',
  text: `INSERT INTO idempotency_keys AS k (api_key, idempotency_key, request_hash, request_id, locked_until)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
         ON CONFLICT (api_key, idempotency_key) DO UPDATE
           SET request_hash = EXCLUDED.request_hash, request_id = EXCLUDED.request_id, status = NULL,
               response = NULL, locked_until = EXCLUDED.locked_until, created_at = now()
           WHERE k.created_at <= now() - make_interval(secs => $6)
         RETURNING request_id`,
};

const FIND: PreparedStatement = {
  name: 'idempotency_find',
  text: `SELECT request_hash, request_id, status, response, locked_until <= now() AS stale
         FROM idempotency_keys WHERE ${KEY} AND created_at > now() - make_interval(secs => $3)`,
};

/** A pending row whose lease ran out (its gateway died or gave up) changes hands, request id kept. */
const TAKE_OVER: PreparedStatement = {
  name: 'idempotency_take_over',
  text: `UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => $4)
         WHERE ${KEY} AND request_id = $3 AND status IS NULL AND locked_until <= now()
         RETURNING request_id`,
};

/** Stores the answer, or finds the one another holder of the same request id stored first. */
const COMPLETE: PreparedStatement = {
  name: 'idempotency_complete',
  text: `WITH done AS (
           UPDATE idempotency_keys SET status = $4, response = $5::json, locked_until = NULL
           WHERE ${KEY} AND request_id = $3 AND status IS NULL
           RETURNING status, response)
         SELECT status, response, true AS ours FROM done
         UNION ALL
         SELECT status, response, false FROM idempotency_keys
         WHERE ${KEY} AND request_id = $3 AND status IS NOT NULL`,
};

const ABANDON: PreparedStatement = {
  name: 'idempotency_abandon',
  text: `UPDATE idempotency_keys SET locked_until = now()
         WHERE ${KEY} AND request_id = $3 AND status IS NULL RETURNING 1`,
};

const PRUNE: PreparedStatement = {
  name: 'idempotency_prune',
  text: `DELETE FROM idempotency_keys WHERE (api_key, idempotency_key) IN (
           SELECT api_key, idempotency_key FROM idempotency_keys
           WHERE created_at <= now() - make_interval(secs => $1) LIMIT $2)
         RETURNING 1`,
};

interface StoredRow {
  request_hash: string;
  request_id: string;
  status: number | null;
  response: unknown;
  stale: boolean;
}

/**
 * D13's memory of creates by Idempotency-Key, in PostgreSQL so every replica shares it. Times are
 * the database's (`now()`), one clock for all replicas. Each method is one statement, atomic on
 * the row; only `claim` may take two or three when the key is already there.
 */
export class IdempotencyKeyRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: IdempotencyKeySettings = IDEMPOTENCY_DEFAULTS,
  ) {}

  async claim(scope: IdempotencyScope, requestHash: string, requestId: string): Promise<IdempotencyClaim> {
    const { ttlSeconds, leaseSeconds } = this.settings;
    const key = [scope.apiKey, scope.idempotencyKey];
    const inserted = await this.query<{ request_id: string }>(INSERT, [
      ...key,
      requestHash,
      requestId,
      leaseSeconds,
      ttlSeconds,
    ]);
    if (inserted.length > 0) return { kind: 'run', requestId: inserted[0].request_id };
    const [row] = await this.query<StoredRow>(FIND, [...key, ttlSeconds]);
    if (row === undefined) return { kind: 'busy' }; // gone since the insert: try again
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.status !== null) return { kind: 'replay', status: row.status, response: row.response };
    if (!row.stale) return { kind: 'busy' };
    const taken = await this.query<{ request_id: string }>(TAKE_OVER, [...key, row.request_id, leaseSeconds]);
    return taken.length > 0 ? { kind: 'run', requestId: taken[0].request_id } : { kind: 'busy' };
  }

  /**
   * Records the answer of the create run under `requestId`. Resolves to the answer that stands:
   * this one, or the one stored first by another request that took the row over (`ours` false);
   * null when the row is gone (released or expired meanwhile).
   */
  async complete(
    scope: IdempotencyScope,
    requestId: string,
    status: number,
    response: unknown,
  ): Promise<{ status: number; response: unknown; ours: boolean } | null> {
    const [row] = await this.query<{ status: number; response: unknown; ours: boolean }>(COMPLETE, [
      scope.apiKey,
      scope.idempotencyKey,
      requestId,
      status,
      JSON.stringify(response),
    ]);
    return row ?? null;
  }

  /** Ends a pending key's lease now, keeping its request id for whoever runs the create again. */
  async abandon(scope: IdempotencyScope, requestId: string): Promise<void> {
    await this.query(ABANDON, [scope.apiKey, scope.idempotencyKey, requestId]);
  }

  /** Deletes up to `limit` keys older than the TTL; resolves to how many. */
  async pruneExpired(limit: number): Promise<number> {
    return (await this.query(PRUNE, [this.settings.ttlSeconds, limit])).length;
  }

  private query<T>(statement: PreparedStatement, values: unknown[]): Promise<T[]> {
    return queryPrepared<T>(this.dataSource, statement, values);
  }
}
