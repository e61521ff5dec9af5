import type { DataSource } from 'typeorm';
import type { CurrencyCode } from '@swap/domain';
import { queryPrepared, queryPreparedIn, type PreparedStatement } from '@swap/persistence';
import {
  leadsTo,
  SCREENED_KINDS,
  takes,
  windowsEndingAt,
  type Outflow,
  type Screening,
} from '@swap/treasury-domain';
import type { Transfer } from './transfer';
import { rowToTransfer, transferColumns, type TransferRow } from './transfer-row';
import { sqlState, stateIn } from './transfer-states.sql';

/** What the policy decided for one planned transfer. */
export interface ScreeningOf {
  id: string;
  screening: Screening;
}

const at = (ms: number) => new Date(ms).toISOString();
const statement = (name: string, text: string): PreparedStatement => ({
  name: `transfer_holds_${name}`,
  text,
});
const SCREENED = `kind IN (${SCREENED_KINDS.map((kind) => `'${kind}'`).join(', ')})`;
/** Where the policy screens a transfer: planned, and not cleared yet (a transfer signed anew was). */
const screenable = (alias = '') =>
  `${stateIn(takes('OverLimit'), `${alias}state`)} AND ${alias}cleared_at IS NULL`;
const CHANGED = `version = version + 1, updated_at = now()`;

/** One screener per currency at a time (a second treasury replica waits): the windows read stay true. */
const LOCK = statement('lock', `SELECT pg_advisory_xact_lock(hashtext('treasury.outflow.' || $1))`);
/**
 * What was cleared to leave in the windows ($2: the hour's start, $3: the day's), failed transfers
 * left out (nothing of theirs left), through the index transfers_cleared.
 */
const OUTFLOW = statement(
  'outflow',
  `SELECT COALESCE(sum(amount) FILTER (WHERE cleared_at > $2), 0)::text AS last_hour,
     COALESCE(sum(amount), 0)::text AS last_day
   FROM transfers WHERE currency = $1 AND cleared_at IS NOT NULL AND cleared_at > $3 AND ${SCREENED}
     AND state <> ${sqlState('FAILED')}`,
);
const CLEAR = statement(
  'clear',
  `UPDATE transfers SET cleared_at = $2 WHERE id = ANY($1::text[]) AND ${screenable()}`,
);
const HOLD = statement(
  'hold',
  `UPDATE transfers t SET state = ${sqlState('HELD')}, hold_reason = v.reason, ${CHANGED}
   FROM jsonb_to_recordset($1::jsonb) AS v(id text, reason text)
   WHERE t.id = v.id AND t.id = ANY($2::text[]) AND ${screenable('t.')}`,
);
const APPROVE = statement(
  'approve',
  `UPDATE transfers SET state = ${sqlState('PLANNED')}, cleared_at = $2, approved_at = $2,
     next_attempt_at = 'epoch', ${CHANGED}
   WHERE id = $1 AND ${stateIn(leadsTo('PLANNED', 'Approved'))} RETURNING ${transferColumns()}`,
);

/**
 * The payout policy's records on the transfers: which ones it cleared and when (the rolling
 * windows sum them), which it held and why, and the operator's approvals. Rejections fail the
 * transfer through TransferLifecycle.fail, from HELD.
 */
export class TransferHolds {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Screens planned transfers of one currency at `now` (ms): under a lock of the currency, reads
   * what left in the windows, lets `decide` screen them, then records each one as cleared (at
   * `now`) or HELD, in one transaction. Transfers that moved on meanwhile are left as they are.
   */
  async screen(
    currency: CurrencyCode,
    now: number,
    decide: (outflow: Outflow) => ScreeningOf[],
  ): Promise<ScreeningOf[]> {
    return this.dataSource.transaction(async (manager) => {
      await queryPreparedIn(manager, LOCK, [currency]);
      const { hour, day } = windowsEndingAt(now);
      const [row] = await queryPreparedIn<{ last_hour: string; last_day: string }>(manager, OUTFLOW, [
        currency,
        at(hour),
        at(day),
      ]);
      const decided = decide({ lastHour: BigInt(row.last_hour), lastDay: BigInt(row.last_day) });
      const cleared = decided.filter((d) => d.screening.cleared).map((d) => d.id);
      const held = decided.flatMap(({ id, screening }) =>
        screening.cleared ? [] : [{ id, reason: screening.reason }],
      );
      if (cleared.length > 0) await queryPreparedIn(manager, CLEAR, [cleared, at(now)]);
      if (held.length > 0)
        await queryPreparedIn(manager, HOLD, [JSON.stringify(held), held.map((h) => h.id)]);
      return decided;
    });
  }

  /**
   * HELD → PLANNED, cleared at `now` and due at once: the sender signs it as it would any planned
   * transfer. Null when it was not held (approved or rejected already, never held).
   */
  async approve(id: string, now: number): Promise<Transfer | null> {
    const [row] = await queryPrepared<TransferRow>(this.dataSource, APPROVE, [id, at(now)]);
    return row ? rowToTransfer(row) : null;
  }
}
