import type { DataSource } from 'typeorm';
import { newSwapId, newSwapToken, Swap } from '@swap/domain';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { ENGINE_MIGRATIONS, ENGINE_SCHEMA } from '../lib/engine.schema';
import { OutboxMessage } from '../lib/outbox.writer';

export type EngineDb = SchemaDatabase;

/** A throwaway database with the engine's schema migrated, as the engine opens it. */
export function openEngineDb(): Promise<EngineDb> {
  return openSchemaDatabase({
    schema: ENGINE_SCHEMA,
    migrations: ENGINE_MIGRATIONS,
    tables: ['deposits', 'swaps', 'outbox', 'address_counters'],
  });
}

export const T0 = 1_700_000_000;

/** A NEW 0.01 BTC → ETH float swap (rate 15, fee 0.25 %); the deposit address is unique per call. */
export function aSwap(overrides: Partial<Swap> = {}): Swap {
  const id = overrides.id ?? newSwapId();
  return {
    id,
    token: newSwapToken(),
    apiKey: 'ak_test',
    dryrun: false,
    ref: null,
    type: 'float',
    direction: 'from',
    status: 'NEW',
    from: 'BTC',
    to: 'ETH',
    amountFrom: 1_000_000n,
    amountTo: 149_625_000_000_000_000n,
    amountDeposited: 0n,
    rate: '15',
    rateActual: null,
    feePercent: '0.25',
    partnerPercent: '0',
    feeShare: '0',
    feeAmount: 375_000_000_000_000n,
    slippage: null,
    depositAddress: `bc1qtest${id.toLowerCase()}`,
    depositIndex: 1,
    toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    refundAddress: null,
    depositTx: null,
    payoutTx: null,
    refundTx: null,
    issue: { type: null, reason: null, needsRefundAddress: false, choice: 'NONE' },
    proposed: null,
    autoExecuteOnMismatch: false,
    later: [],
    returns: [],
    time: { reg: T0, start: null, finish: null, update: T0, expiration: T0 + 3600 },
    seq: 0,
    version: 0,
    ...overrides,
  };
}

/** The event a test writes with a swap; the real one lives in the feature library. */
export const testEvent = (swap: Swap): OutboxMessage => ({
  msgId: `test:${swap.id}:${swap.version}`,
  contract: 'swapUpdated',
  subject: `swap.${swap.id}.updated`,
  payload: { id: swap.id, status: swap.status, version: swap.version },
});

export interface OutboxRow {
  msg_id: string;
  subject: string;
  payload: unknown;
  published: boolean;
}

export function outboxRows(dataSource: DataSource): Promise<OutboxRow[]> {
  return dataSource.query(
    'SELECT msg_id, subject, payload, published_at IS NOT NULL AS published FROM outbox ORDER BY id',
  );
}

export async function counters(dataSource: DataSource): Promise<Record<string, number>> {
  const rows: Array<{ network: string; next_index: string }> = await dataSource.query(
    'SELECT network, next_index FROM address_counters ORDER BY network',
  );
  return Object.fromEntries(rows.map((row) => [row.network, Number(row.next_index)]));
}
