import type { DataSource } from 'typeorm';
import type { Network } from '@swap/domain';
import {
  rowToDeposit,
  SIGHTING_COLUMNS,
  sightingValues,
  type Deposit,
  type DepositRow,
  type DepositSighting,
  type DepositState,
  type Replacement,
} from './deposit';
import { replacedValues, replaceStatement } from './replace-deposit';

/** What the watcher last told the engine of a deposit (not the engine's DepositReport input). */
export interface LastReport {
  confirmations: number;
  publishedId: string | null;
  settled: boolean;
}

/** Deposits once seen are kept for good; their state follows the chain. */
export class DepositRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(id: string): Promise<Deposit | null> {
    return (await this.findByIds([id]))[0] ?? null;
  }

  async findByIds(ids: string[]): Promise<Deposit[]> {
    if (ids.length === 0) return [];
    const rows: DepositRow[] = await this.dataSource.query(
      'SELECT * FROM deposits WHERE id = ANY($1::text[])',
      [ids],
    );
    return rows.map(rowToDeposit);
  }

  /** Inserts the deposits not known yet, as waiting in the mempool. */
  async recordMempool(sightings: DepositSighting[]): Promise<void> {
    for (const sighting of sightings) {
      await this.dataSource.query(
        `INSERT INTO deposits (${SIGHTING_COLUMNS}, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'mempool')
         ON CONFLICT (id) DO NOTHING`,
        sightingValues(sighting),
      );
    }
  }

  /** Deposits not in a block of the followed chain that may still get there. */
  async unmined(network: Network): Promise<Deposit[]> {
    const rows: DepositRow[] = await this.dataSource.query(
      `SELECT * FROM deposits WHERE network = $1 AND state IN ('mempool', 'orphaned') ORDER BY seen_at, id`,
      [network],
    );
    return rows.map(rowToDeposit);
  }

  /**
   * A deposit outside any block: back in (or still in) the mempool, or gone. Only while it is still
   * in the state the verdict was made on (`from`): a block processed meanwhile (by this follower or
   * the one that took over its lease) wins.
   */
  async setUnmined(
    id: string,
    from: DepositState,
    state: 'mempool' | 'reverted',
    missingSince: number | null,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE deposits SET state = $2, missing_since = $3, block_height = NULL, block_hash = NULL,
         replaced_by = NULL, settled = false, updated_at = now()
       WHERE id = $1 AND state = $4`,
      [id, state, missingSince, from],
    );
  }

  /**
   * A deposit outside any block whose coins another transaction spent (`by`, in the mempool): it
   * can never be mined, and is gone at once. Only while still in the state it was judged in.
   */
  async setReplaced(replaced: Replacement): Promise<void> {
    await this.dataSource.query(replaceStatement, replacedValues(replaced));
  }

  /** Deposits with something left to report, oldest first. */
  async unsettled(network: Network): Promise<Deposit[]> {
    const rows: DepositRow[] = await this.dataSource.query(
      'SELECT * FROM deposits WHERE network = $1 AND NOT settled ORDER BY seen_at, id',
      [network],
    );
    return rows.map(rowToDeposit);
  }

  /** How many deposits each of these swaps has in a block of the followed chain. */
  async minedPerSwap(network: Network, swapIds: string[]): Promise<Map<string, number>> {
    const rows: Array<{ swap_id: string; mined: string }> = await this.dataSource.query(
      `SELECT swap_id, count(*) AS mined FROM deposits
        WHERE network = $1 AND swap_id = ANY($2::text[]) AND state = 'block' GROUP BY swap_id`,
      [network, swapIds],
    );
    return new Map(rows.map((row) => [row.swap_id, Number(row.mined)]));
  }

  /**
   * Records what was reported, once JetStream acknowledged it, for the deposit as it was when the
   * report was made (`of`): if its state or block changed meanwhile, the next round reports that.
   */
  async markReported(of: Pick<Deposit, 'id' | 'state' | 'blockHash'>, report: LastReport): Promise<void> {
    await this.dataSource.query(
      `UPDATE deposits SET confirmations = $2, published_id = $3, settled = $4, updated_at = now(),
         reports = reports + CASE WHEN published_id IS DISTINCT FROM $3 THEN 1 ELSE 0 END
       WHERE id = $1 AND state = $5 AND block_hash IS NOT DISTINCT FROM $6`,
      [of.id, report.confirmations, report.publishedId, report.settled, of.state, of.blockHash],
    );
  }
}
