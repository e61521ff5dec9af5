import type { DataSource, EntityManager } from 'typeorm';
import type { Network } from '@swap/domain';
import { SIGHTING_COLUMNS, sightingValues, type DepositSighting } from './deposit';

export interface BlockRef {
  height: number;
  hash: string;
}

export interface BlockRecord extends BlockRef {
  parentHash: string;
}

/** Another follower moved the cursor since it was read: this one must stop and re-read. */
export class StaleCursorError extends Error {
  override readonly name = 'StaleCursorError';

  constructor(network: Network) {
    super(`the ${network} cursor moved concurrently`);
  }
}

/** The followed chain: the cursor, the recent block hashes, and the deposits found in blocks. */
export class ChainRepository {
  constructor(private readonly dataSource: DataSource) {}

  async cursor(network: Network): Promise<BlockRef | null> {
    const rows: Array<{ height: string; hash: string }> = await this.dataSource.query(
      'SELECT height, hash FROM cursors WHERE network = $1',
      [network],
    );
    return rows[0] ? { height: Number(rows[0].height), hash: rows[0].hash } : null;
  }

  /** Hash of each kept block, by height. */
  async recentBlocks(network: Network): Promise<Map<number, string>> {
    const rows: Array<{ height: string; hash: string }> = await this.dataSource.query(
      'SELECT height, hash FROM blocks WHERE network = $1',
      [network],
    );
    return new Map(rows.map((row) => [Number(row.height), row.hash]));
  }

  /**
   * Records `block` as processed in one transaction: its deposits, its hash (keeping the last
   * `keepBlocks`) and the cursor, moved only if it still is at `from`.
   */
  async advance(
    network: Network,
    from: BlockRef | null,
    block: BlockRecord,
    sightings: DepositSighting[],
    keepBlocks: number,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await moveCursor(manager, network, from, block);
      await manager.query(
        `INSERT INTO blocks (network, height, hash, parent_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (network, height) DO UPDATE SET hash = EXCLUDED.hash, parent_hash = EXCLUDED.parent_hash`,
        [network, block.height, block.hash, block.parentHash],
      );
      await manager.query('DELETE FROM blocks WHERE network = $1 AND height <= $2', [
        network,
        block.height - keepBlocks,
      ]);
      await recordMined(manager, block, sightings);
    });
  }

  /**
   * Records deposits found late in `block`, a kept block at or below the cursor, in one
   * transaction; only while the cursor still is at `cursor` and the block still is kept.
   */
  async recordInKeptBlock(
    network: Network,
    cursor: BlockRef,
    block: BlockRef,
    sightings: DepositSighting[],
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // The lock keeps another follower from moving the cursor (and the kept blocks) meanwhile.
      const rows: unknown[] = await manager.query(
        `SELECT 1 FROM cursors c JOIN blocks b ON b.network = c.network
         WHERE c.network = $1 AND c.height = $2 AND c.hash = $3 AND b.height = $4 AND b.hash = $5
         FOR UPDATE OF c`,
        [network, cursor.height, cursor.hash, block.height, block.hash],
      );
      if (rows.length !== 1) throw new StaleCursorError(network);
      await recordMined(manager, block, sightings);
    });
  }

  /**
   * Moves the cursor back from `from` to `to` (null: before the first block) in one transaction:
   * forgets the blocks above it and marks their deposits orphaned. Returns how many were orphaned.
   */
  async rewind(network: Network, from: BlockRef, to: BlockRef | null): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await moveCursor(manager, network, from, to);
      const above = to?.height ?? -1;
      await manager.query('DELETE FROM blocks WHERE network = $1 AND height > $2', [network, above]);
      const [, orphaned]: [unknown[], number] = await manager.query(
        `UPDATE deposits SET state = 'orphaned', block_height = NULL, block_hash = NULL, settled = false,
           updated_at = now()
         WHERE network = $1 AND state = 'block' AND block_height > $2`,
        [network, above],
      );
      return orphaned;
    });
  }
}

/** Records the deposits as mined in `block`. */
async function recordMined(
  manager: EntityManager,
  block: BlockRef,
  sightings: DepositSighting[],
): Promise<void> {
  for (const sighting of sightings) {
    // A deposit seen again in the same block keeps its reports; in another block it starts over.
    await manager.query(
      `INSERT INTO deposits (${SIGHTING_COLUMNS}, state, block_height, block_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'block', $11, $12)
       ON CONFLICT (id) DO UPDATE SET
         state = 'block', block_height = EXCLUDED.block_height, block_hash = EXCLUDED.block_hash,
         missing_since = NULL, updated_at = now(),
         settled = deposits.settled AND deposits.block_hash IS NOT DISTINCT FROM EXCLUDED.block_hash`,
      [...sightingValues(sighting), block.height, block.hash],
    );
  }
}

/** Moves the cursor from `from` to `to`, or throws StaleCursorError if it no longer is at `from`. */
async function moveCursor(
  manager: EntityManager,
  network: Network,
  from: BlockRef | null,
  to: BlockRef | null,
): Promise<void> {
  let moved: number;
  if (from === null) {
    if (to === null) return;
    const rows: unknown[] = await manager.query(
      `INSERT INTO cursors (network, height, hash) VALUES ($1, $2, $3)
       ON CONFLICT (network) DO NOTHING RETURNING network`,
      [network, to.height, to.hash],
    );
    moved = rows.length;
  } else if (to === null) {
    [, moved] = await manager.query('DELETE FROM cursors WHERE network = $1 AND height = $2 AND hash = $3', [
      network,
      from.height,
      from.hash,
    ]);
  } else {
    [, moved] = await manager.query(
      `UPDATE cursors SET height = $4, hash = $5, updated_at = now()
       WHERE network = $1 AND height = $2 AND hash = $3`,
      [network, from.height, from.hash, to.height, to.hash],
    );
  }
  if (moved !== 1) throw new StaleCursorError(network);
}
