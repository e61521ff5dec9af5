import type { DataSource, EntityManager } from 'typeorm';
import type { BlockRef } from '@swap/chain';
import type { Network } from '@swap/domain';
import { SIGHTING_COLUMNS, sightingValues, type DepositSighting, type Replacement } from './deposit';
import { replacedValues, replaceStatement } from './replace-deposit';

export interface BlockRecord extends BlockRef {
  parentHash: string;
}

/** Which processed blocks are kept: the newest by depth, and any processed recently. */
export interface BlockRetention {
  /** UNIX milliseconds the block is processed at, on the watcher's clock. */
  processedAt: number;
  /** Blocks this far below the newest are forgotten (a reorganisation deeper is not undone)… */
  keepBlocks: number;
  /** …unless processed at or after this UNIX milliseconds time (addresses learned late). */
  keepSince: number;
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

  /** The hash kept for the block at `height`, or null. */
  async keptHash(network: Network, height: number): Promise<string | null> {
    const rows: Array<{ hash: string }> = await this.dataSource.query(
      'SELECT hash FROM blocks WHERE network = $1 AND height = $2',
      [network, height],
    );
    return rows[0]?.hash ?? null;
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
   * The kept blocks from `fromHeight` to `toHeight`, lowest first, at most `limit`. Kept blocks
   * have no gaps: they are forgotten from the bottom, and from the top by a rewind.
   */
  async keptBlocks(
    network: Network,
    fromHeight: number,
    toHeight: number,
    limit: number,
  ): Promise<BlockRef[]> {
    const rows: Array<{ height: string; hash: string }> = await this.dataSource.query(
      `SELECT height, hash FROM blocks WHERE network = $1 AND height BETWEEN $2 AND $3
       ORDER BY height LIMIT $4`,
      [network, fromHeight, toHeight, limit],
    );
    return rows.map((row) => ({ height: Number(row.height), hash: row.hash }));
  }

  /**
   * The lowest kept block processed at or after `since` (UNIX ms), and the lowest kept block with
   * the time it was processed; null when nothing is kept. Every kept block above the first was
   * processed after it: a rewind forgets the blocks above the ancestor, to be processed anew.
   */
  async keptSince(
    network: Network,
    since: number,
  ): Promise<{ first: number | null; lowest: { height: number; processedAt: number } } | null> {
    const rows: Array<{ first: string | null; lowest: string | null; lowest_at: string | null }> =
      await this.dataSource.query(
        `SELECT (SELECT min(height) FROM blocks WHERE network = $1 AND processed_at >= $2) AS first,
                lowest.height AS lowest, lowest.processed_at AS lowest_at
         FROM (SELECT height, processed_at FROM blocks WHERE network = $1 ORDER BY height LIMIT 1) lowest`,
        [network, since],
      );
    const row = rows[0];
    if (!row || row.lowest === null) return null;
    return {
      first: row.first === null ? null : Number(row.first),
      lowest: { height: Number(row.lowest), processedAt: Number(row.lowest_at) },
    };
  }

  /**
   * Records `block` as processed in one transaction: its deposits, the unmined deposits whose
   * coins it spent (`replaced`: a double spend mined), its hash (forgetting blocks the retention
   * no longer keeps) and the cursor, moved only if it still is at `from`.
   */
  async advance(
    network: Network,
    from: BlockRef | null,
    block: BlockRecord,
    sightings: DepositSighting[],
    retention: BlockRetention,
    replaced: Replacement[] = [],
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await moveCursor(manager, network, from, block);
      await manager.query(
        `INSERT INTO blocks (network, height, hash, parent_hash, processed_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (network, height) DO UPDATE SET
           hash = EXCLUDED.hash, parent_hash = EXCLUDED.parent_hash, processed_at = EXCLUDED.processed_at`,
        [network, block.height, block.hash, block.parentHash, retention.processedAt],
      );
      await manager.query('DELETE FROM blocks WHERE network = $1 AND processed_at < $2 AND height <= $3', [
        network,
        retention.keepSince,
        block.height - retention.keepBlocks,
      ]);
      await recordMined(manager, block, sightings);
      for (const replacement of replaced) await manager.query(replaceStatement, replacedValues(replacement));
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
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'block', $12, $13)
       ON CONFLICT (id) DO UPDATE SET
         state = 'block', block_height = EXCLUDED.block_height, block_hash = EXCLUDED.block_hash,
         missing_since = NULL, replaced_by = NULL, updated_at = now(),
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
