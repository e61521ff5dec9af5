import type { PreparedStatement } from '@swap/persistence';
import { ledgerInsertCtes } from './ledger.writer';
import {
  FIRST_TRANSFER_STATE,
  leadsTo,
  RETRYING_STATES,
  SETTLED_STATES,
  SIGNED_UNSETTLED_STATES,
  takes,
  UNSETTLED_STATES,
} from '@swap/treasury-domain';
import { transferColumns } from './transfer-row';
import { sqlState, stateIn } from './transfer-states.sql';

// The transfer repository's statements. Every one runs as a named (prepared) statement: a payout
// runs a dozen of them, and PostgreSQL then parses and plans each once per connection, not per call.
// The states each change starts from come from the lifecycle table (@swap/treasury-domain's transfer.transitions.ts).

/** The hot wallet has promised these until they are confirmed or failed (sweeps pay from deposit addresses). */
const RESERVING = `kind <> 'sweep' AND ${stateIn(UNSETTLED_STATES)}`;
/** Lending staked energy moves no coins: only its fee is reserved. */
const MOVES_AMOUNT = `kind NOT IN ('delegate', 'undelegate')`;
const CHANGED = `version = version + 1, updated_at = now()`;
const COLUMNS = transferColumns();
/** Transfers whose end plans the next step of a sweep: the predicate of the index transfers_to_follow_up (as its migration wrote it). */
const FOLLOWED_UP_STEPS = `((kind = 'gas' AND state = 'CONFIRMED') OR (kind IN ('delegate', 'sweep') AND state IN ('CONFIRMED', 'FAILED')))`;

const statement = (name: string, text: string): PreparedStatement => ({ name: `transfers_${name}`, text });

/** New transfers in the order given (their seq, the senders' order); one recorded already is left as it is. */
export const PLAN_MANY = statement(
  'plan_many',
  `INSERT INTO transfers (id, kind, swap_id, network, currency, from_index, to_address, amount, state)
   SELECT id, kind, swap_id, network, currency, from_index, to_address, amount, ${sqlState(FIRST_TRANSFER_STATE)}
   FROM jsonb_to_recordset($1::jsonb) AS v(position integer, id text, kind text, swap_id text,
     network text, currency text, from_index integer, to_address text, amount numeric(78,0))
   ORDER BY position
   ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
);
export const FIND_MANY = statement(
  'find_many',
  `SELECT ${COLUMNS} FROM transfers WHERE id = ANY($1::text[])`,
);
/**
 * Signed transfers no node has taken yet, oldest first (they go out before anything is signed;
 * with $4 false, where transactions stand alone, only those due at $2),
 * then the due planned ones: the hot wallet's (payouts, refunds, gas) before the sweeps, which are
 * housekeeping a customer does not wait for. Each address keeps its own order: a sweep leaves from
 * its deposit address, the others from the hot wallet, so no address's nonces are reordered.
 */
export const NEXT_TO_SEND = statement(
  'next_to_send',
  `(SELECT ${COLUMNS} FROM transfers WHERE network = $1 AND ${stateIn(takes('Accepted'))} AND ($4 OR next_attempt_at <= $2)
    ORDER BY seq LIMIT $3)
   UNION ALL
   (SELECT ${COLUMNS} FROM transfers WHERE network = $1 AND ${stateIn(takes('Signed'))} AND next_attempt_at <= $2
    ORDER BY kind = 'sweep', seq LIMIT $3)`,
);
/**
 * PLANNED → SIGNED for every transfer of $1 (with its signed bytes; $4 their ids, so they are
 * reached by index), and their ledger batches ($2, $3 as ledgerParams gives them), in one
 * statement: all or none. The transfers are locked first (in id order, so two batches never wait
 * on each other); unless every one of them still is PLANNED (another sender signed one
 * meanwhile), nothing is changed or booked.
 */
/** Signed only from here: a transfer signed meanwhile keeps its stored bytes. */
const SIGNABLE = leadsTo('SIGNED');
export const MARK_SIGNED = statement(
  'mark_signed',
  `WITH s AS MATERIALIZED (
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS s(id text, txid text, raw text, fee text, fee_currency text, tx_key text, valid_until bigint)
   ), locked AS MATERIALIZED (
     SELECT id, state FROM transfers WHERE id = ANY($4::text[]) ORDER BY id FOR UPDATE
   ), go AS MATERIALIZED (
     SELECT count(*) FILTER (WHERE ${stateIn(SIGNABLE)}) = (SELECT count(*) FROM s) AS ok FROM locked
   ), signed AS (
     UPDATE transfers t SET state = ${sqlState('SIGNED')}, txid = s.txid, raw = s.raw, fee = s.fee::numeric,
       fee_currency = s.fee_currency, tx_key = s.tx_key, valid_until = s.valid_until, ${CHANGED}
     FROM s WHERE t.id = s.id AND t.id = ANY($4::text[]) AND ${stateIn(SIGNABLE, 't.state')} AND (SELECT ok FROM go)
     RETURNING ${transferColumns('t')}
   ), ${ledgerInsertCtes('$2', '$3', '(SELECT ok FROM go)')}
   SELECT ${COLUMNS} FROM signed`,
);
export const MARK_REPORTED_MANY = statement(
  'mark_reported_many',
  `UPDATE transfers t SET reported_version = GREATEST(t.reported_version, v.version)
   FROM jsonb_to_recordset($1::jsonb) AS v(id text, version integer)
   WHERE t.id = v.id AND t.id = ANY($2::text[])`,
);
/** $5: what went wrong (kept when null); $6: whether a node refused the signed bytes (kept when null). */
export const POSTPONE = statement(
  'postpone',
  `UPDATE transfers SET attempts = attempts + $4, next_attempt_at = $3, last_error = COALESCE($5, last_error),
     refused = COALESCE($6, refused), updated_at = now()
   WHERE id = $1 AND state = $2 AND ${stateIn(RETRYING_STATES)}`,
);
/** Where a transfer whose bytes can never land is signed anew. */
const PROVEN_DEAD = stateIn(leadsTo(FIRST_TRANSFER_STATE, 'ProvenDead'));
/** The signed bytes of a transfer that can never land, archived before the transfer lets them go. */
export const ARCHIVE_REPLACED = statement(
  'archive_replaced',
  `INSERT INTO replaced_transactions (transfer_id, generation, txid, raw, fee, fee_currency, valid_until, proof)
   SELECT id, generation, txid, raw, fee, fee_currency, valid_until, $4 FROM transfers
   WHERE id = $1 AND state = $2 AND ${PROVEN_DEAD} AND generation = $3 AND raw IS NOT NULL
   FOR UPDATE
   RETURNING transfer_id`,
);
/** The archived transfer back to PLANNED, one generation on, due at once; its old bytes are gone from the row. */
export const REPLAN = statement(
  'replan',
  `UPDATE transfers SET state = ${sqlState(FIRST_TRANSFER_STATE)}, txid = NULL, raw = NULL, fee = NULL, fee_currency = NULL,
     tx_key = NULL, valid_until = NULL, fee_paid = NULL, confirmations = 0, attempts = 0,
     next_attempt_at = 'epoch', last_error = $4, refused = false, generation = generation + 1, ${CHANGED}
   WHERE id = $1 AND state = $2 AND ${PROVEN_DEAD} AND generation = $3
   RETURNING ${COLUMNS}`,
);
export const UNSETTLED_SIGNED = statement(
  'unsettled_signed',
  `SELECT ${COLUMNS} FROM transfers WHERE network = $1 AND ${stateIn(SIGNED_UNSETTLED_STATES)} ORDER BY seq`,
);
/** What the tracker follows on its chain. */
const FOLLOWED = takes('Confirmations');
export const IN_FLIGHT = statement(
  'in_flight',
  `SELECT ${COLUMNS} FROM transfers WHERE ${stateIn(FOLLOWED)} ORDER BY seq`,
);
export const UNREPORTED = statement(
  'unreported',
  `SELECT ${COLUMNS} FROM transfers WHERE kind = 'payout' AND reported_version < version
   AND ${stateIn([...FOLLOWED, ...SETTLED_STATES])} ORDER BY seq`,
);
export const RESERVATIONS = statement(
  'reservations',
  `SELECT code, sum(total)::text AS total FROM (
     SELECT currency AS code, amount AS total FROM transfers WHERE ${RESERVING} AND ${MOVES_AMOUNT}
     UNION ALL
     SELECT fee_currency, fee FROM transfers WHERE ${RESERVING} AND fee IS NOT NULL
   ) reserved GROUP BY code`,
);
/**
 * The steps of token sweeps whose next step has not been planned yet, oldest first: confirmed gas
 * top-ups, lent energy (confirmed or failed) and ended sweeps (energy to take back).
 */
export const TO_FOLLOW_UP = statement(
  'to_follow_up',
  `SELECT ${COLUMNS} FROM transfers WHERE ${FOLLOWED_UP_STEPS} AND followed_up_at IS NULL ORDER BY seq`,
);
export const MARK_FOLLOWED_UP = statement(
  'mark_followed_up',
  `UPDATE transfers SET followed_up_at = now() WHERE id = $1 AND followed_up_at IS NULL`,
);
/** A guarded change of state: `assignments` where `where` holds, the row as it is now returned. */
const update = (name: string, assignments: string, where: string) =>
  statement(name, `UPDATE transfers SET ${assignments}, ${CHANGED} WHERE ${where} RETURNING ${COLUMNS}`);
const ACCEPTED = `state = ${sqlState('BROADCAST')}, last_error = NULL, refused = false`;
/** A node took the bytes, or the operator's filler took their nonce. */
const BROADCASTABLE = stateIn(leadsTo('BROADCAST'));
export const MARK_BROADCAST = update('mark_broadcast', ACCEPTED, `id = $1 AND ${BROADCASTABLE}`);
export const MARK_BROADCAST_ALL = update(
  'mark_broadcast_all',
  ACCEPTED,
  `id = ANY($1::text[]) AND ${BROADCASTABLE}`,
);
/** $2: the state the transfer was read in, which the lifecycle moved to FAILED. */
export const FAIL = update(
  'fail',
  `state = ${sqlState('FAILED')}, failure = $3, fee_paid = COALESCE($4, fee_paid)`,
  `id = $1 AND state = $2 AND ${stateIn(leadsTo('FAILED'))}`,
);
export const RECORD_CONFIRMATIONS = update(
  'record_confirmations',
  `confirmations = $2, state = CASE WHEN $3 THEN ${sqlState('CONFIRMED')} ELSE state END,
   fee_paid = CASE WHEN $3 THEN COALESCE($4, fee_paid) ELSE fee_paid END`,
  `id = $1 AND ${stateIn(FOLLOWED)} AND (confirmations < $2 OR $3)`,
);
const LISTED = `${COLUMNS}, (extract(epoch FROM created_at) * 1000)::bigint AS created_ms,
     (extract(epoch FROM updated_at) * 1000)::bigint AS updated_ms`;
export const LIST = statement(
  'list',
  `SELECT ${LISTED}
   FROM transfers WHERE state = ANY($1::text[]) AND ($2::text IS NULL OR network = $2)
   ORDER BY seq LIMIT $3`,
);
export const LIST_ONE = statement('list_one', `SELECT ${LISTED} FROM transfers WHERE id = $1`);
