import {
  laterIn,
  laterOut,
  returnsIn,
  returnsOut,
  type DepositReturnSnapshot,
  type LaterDepositSnapshot,
} from '@swap/contracts';
import { ChainTx, CURRENCIES, Swap } from '@swap/domain';

/** A row of engine.swaps as pg returns it (numeric and bigint columns come back as strings). */
export interface SwapRow {
  id: string;
  request_id: string;
  token: string;
  api_key: string;
  dryrun: boolean;
  ref: string | null;
  type: Swap['type'];
  direction: Swap['direction'];
  status: Swap['status'];
  from_code: Swap['from'];
  to_code: Swap['to'];
  amount_from: string;
  amount_to: string;
  amount_deposited: string;
  rate: string;
  rate_actual: string | null;
  fee_percent: string;
  partner_percent: string;
  fee_share: string;
  fee_amount: string;
  slippage: string | null;
  deposit_network: string;
  deposit_index: string | null;
  deposit_address: string;
  to_address: string;
  refund_address: string | null;
  deposit_tx: StoredTx | null;
  payout_tx: StoredTx | null;
  refund_tx: StoredTx | null;
  issue: Swap['issue'];
  proposed: { rate: string; amount: string } | null;
  auto_execute_on_mismatch: boolean;
  later: LaterDepositSnapshot[];
  returns: DepositReturnSnapshot[];
  time_reg: string;
  time_start: string | null;
  time_finish: string | null;
  time_update: string;
  time_expiration: string;
  seq: string;
  /** The payout and refund attempts the swap waits on (not part of the Swap itself). */
  payout_id: string | null;
  refund_id: string | null;
  version: number;
}

type StoredTx = Omit<ChainTx, 'amount' | 'fee'> & { amount: string; fee: string | null };

const txToJson = (tx: ChainTx | null): StoredTx | null =>
  tx && { ...tx, amount: tx.amount.toString(), fee: tx.fee === null ? null : tx.fee.toString() };
const txFromJson = (tx: StoredTx | null): ChainTx | null =>
  tx && { ...tx, amount: BigInt(tx.amount), fee: tx.fee === null ? null : BigInt(tx.fee) };
const int = (text: string | null): number | null => (text === null ? null : Number(text));
/** jsonb parameter; a missing value is SQL NULL, not JSON null. */
const json = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

export function rowToSwap(row: SwapRow): Swap {
  return {
    id: row.id,
    token: row.token,
    apiKey: row.api_key,
    dryrun: row.dryrun,
    ref: row.ref,
    type: row.type,
    direction: row.direction,
    status: row.status,
    from: row.from_code,
    to: row.to_code,
    amountFrom: BigInt(row.amount_from),
    amountTo: BigInt(row.amount_to),
    amountDeposited: BigInt(row.amount_deposited),
    rate: row.rate,
    rateActual: row.rate_actual,
    feePercent: row.fee_percent,
    partnerPercent: row.partner_percent,
    feeShare: row.fee_share,
    feeAmount: BigInt(row.fee_amount),
    slippage: row.slippage,
    depositAddress: row.deposit_address,
    depositIndex: row.deposit_index === null ? null : Number(row.deposit_index),
    toAddress: row.to_address,
    refundAddress: row.refund_address,
    depositTx: txFromJson(row.deposit_tx),
    payoutTx: txFromJson(row.payout_tx),
    refundTx: txFromJson(row.refund_tx),
    issue: row.issue,
    proposed: row.proposed && { rate: row.proposed.rate, amount: BigInt(row.proposed.amount) },
    autoExecuteOnMismatch: row.auto_execute_on_mismatch,
    later: laterIn(row.later),
    returns: returnsIn(row.returns),
    time: {
      reg: Number(row.time_reg),
      start: int(row.time_start),
      finish: int(row.time_finish),
      update: Number(row.time_update),
      expiration: Number(row.time_expiration),
    },
    seq: Number(row.seq),
    version: row.version,
  };
}

/** The columns a swap's state writes, with their SQL types (a JSON recordset of swaps names them). */
export const SWAP_COLUMN_TYPES = {
  token: 'text',
  api_key: 'text',
  dryrun: 'boolean',
  ref: 'text',
  type: 'text',
  direction: 'text',
  status: 'text',
  from_code: 'text',
  to_code: 'text',
  amount_from: 'numeric(78,0)',
  amount_to: 'numeric(78,0)',
  amount_deposited: 'numeric(78,0)',
  rate: 'text',
  rate_actual: 'text',
  fee_percent: 'text',
  partner_percent: 'text',
  fee_share: 'text',
  fee_amount: 'numeric(78,0)',
  slippage: 'text',
  deposit_network: 'text',
  deposit_address: 'text',
  to_address: 'text',
  refund_address: 'text',
  deposit_tx: 'jsonb',
  payout_tx: 'jsonb',
  refund_tx: 'jsonb',
  issue: 'jsonb',
  proposed: 'jsonb',
  auto_execute_on_mismatch: 'boolean',
  later: 'jsonb',
  returns: 'jsonb',
  time_reg: 'bigint',
  time_start: 'bigint',
  time_finish: 'bigint',
  time_update: 'bigint',
  time_expiration: 'bigint',
} as const;

export type SwapColumn = keyof typeof SWAP_COLUMN_TYPES;

export const SWAP_COLUMNS = Object.keys(SWAP_COLUMN_TYPES) as SwapColumn[];

/**
 * A swap's column values as JSON (money as decimal strings), for a JSON recordset of swaps. The
 * creation sequence is not among them: the database numbers a swap when it is inserted.
 */
export function swapToRecord(swap: Omit<Swap, 'seq'>): Record<SwapColumn, unknown> {
  return {
    token: swap.token,
    api_key: swap.apiKey,
    dryrun: swap.dryrun,
    ref: swap.ref,
    type: swap.type,
    direction: swap.direction,
    status: swap.status,
    from_code: swap.from,
    to_code: swap.to,
    amount_from: swap.amountFrom.toString(),
    amount_to: swap.amountTo.toString(),
    amount_deposited: swap.amountDeposited.toString(),
    rate: swap.rate,
    rate_actual: swap.rateActual,
    fee_percent: swap.feePercent,
    partner_percent: swap.partnerPercent,
    fee_share: swap.feeShare,
    fee_amount: swap.feeAmount.toString(),
    slippage: swap.slippage,
    deposit_network: CURRENCIES[swap.from].network,
    deposit_address: swap.depositAddress,
    to_address: swap.toAddress,
    refund_address: swap.refundAddress,
    deposit_tx: txToJson(swap.depositTx),
    payout_tx: txToJson(swap.payoutTx),
    refund_tx: txToJson(swap.refundTx),
    issue: swap.issue,
    proposed: swap.proposed && { rate: swap.proposed.rate, amount: swap.proposed.amount.toString() },
    auto_execute_on_mismatch: swap.autoExecuteOnMismatch,
    later: laterOut(swap.later),
    returns: returnsOut(swap.returns),
    time_reg: swap.time.reg,
    time_start: swap.time.start,
    time_finish: swap.time.finish,
    time_update: swap.time.update,
    time_expiration: swap.time.expiration,
  };
}

/** Column values in the order of SWAP_COLUMNS, as statement parameters (jsonb as JSON text). */
export function swapToValues(swap: Omit<Swap, 'seq'>): unknown[] {
  const record = swapToRecord(swap);
  return SWAP_COLUMNS.map((column) =>
    SWAP_COLUMN_TYPES[column] === 'jsonb' ? json(record[column]) : record[column],
  );
}
