import { ChainTx, CURRENCIES, Swap } from '@swap/domain';

/** A row of engine.swaps as pg returns it (numeric and bigint columns come back as strings). */
export interface SwapRow {
  id: string;
  request_id: string;
  token: string;
  api_key: string;
  dryrun: boolean;
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
  time_reg: string;
  time_start: string | null;
  time_finish: string | null;
  time_update: string;
  time_expiration: string;
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
    time: {
      reg: Number(row.time_reg),
      start: int(row.time_start),
      finish: int(row.time_finish),
      update: Number(row.time_update),
      expiration: Number(row.time_expiration),
    },
    version: row.version,
  };
}

/** Column values in the order of SWAP_COLUMNS, for inserts and updates. */
export function swapToValues(swap: Swap): unknown[] {
  return [
    swap.token,
    swap.apiKey,
    swap.dryrun,
    swap.type,
    swap.direction,
    swap.status,
    swap.from,
    swap.to,
    swap.amountFrom.toString(),
    swap.amountTo.toString(),
    swap.amountDeposited.toString(),
    swap.rate,
    swap.rateActual,
    swap.feePercent,
    swap.partnerPercent,
    swap.feeAmount.toString(),
    swap.slippage,
    CURRENCIES[swap.from].network,
    swap.depositAddress,
    swap.toAddress,
    swap.refundAddress,
    json(txToJson(swap.depositTx)),
    json(txToJson(swap.payoutTx)),
    json(txToJson(swap.refundTx)),
    json(swap.issue),
    json(swap.proposed && { rate: swap.proposed.rate, amount: swap.proposed.amount.toString() }),
    swap.autoExecuteOnMismatch,
    swap.time.reg,
    swap.time.start,
    swap.time.finish,
    swap.time.update,
    swap.time.expiration,
  ];
}

export const SWAP_COLUMNS = [
  'token',
  'api_key',
  'dryrun',
  'type',
  'direction',
  'status',
  'from_code',
  'to_code',
  'amount_from',
  'amount_to',
  'amount_deposited',
  'rate',
  'rate_actual',
  'fee_percent',
  'partner_percent',
  'fee_amount',
  'slippage',
  'deposit_network',
  'deposit_address',
  'to_address',
  'refund_address',
  'deposit_tx',
  'payout_tx',
  'refund_tx',
  'issue',
  'proposed',
  'auto_execute_on_mismatch',
  'time_reg',
  'time_start',
  'time_finish',
  'time_update',
  'time_expiration',
] as const;
