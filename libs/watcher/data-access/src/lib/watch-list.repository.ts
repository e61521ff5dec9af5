import type { DataSource } from 'typeorm';
import type { CurrencyCode, Network, SwapStatus } from '@swap/domain';
import type { PendingRescan, WatchedAddress } from './watched-address';

interface WatchedAddressRow {
  network: Network;
  address_key: string;
  address: string;
  swap_id: string;
  currency: CurrencyCode;
  status: SwapStatus;
  swap_version: number;
  ended_at: string | null;
  registered_at: string | null;
  deposit_index: number | null;
}

/** Address keys in the order they were first recorded; `lastSeq` is where the next page starts. */
export interface WatchedKeyPage {
  keys: string[];
  lastSeq: number;
}

const nullableNumber = (value: string | null): number | null => (value === null ? null : Number(value));

const toEntry = (row: WatchedAddressRow): WatchedAddress => ({
  network: row.network,
  address: row.address,
  addressKey: row.address_key,
  swapId: row.swap_id,
  currency: row.currency,
  status: row.status,
  swapVersion: row.swap_version,
  endedAt: nullableNumber(row.ended_at),
  registeredAt: nullableNumber(row.registered_at),
  depositIndex: row.deposit_index,
});

export class WatchListRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores the entry unless the same or a newer version of the swap is already stored, so a
   * redelivered or late event changes nothing. True when it was stored. A new entry is marked for
   * a rescan: its deposit may be in a block the follower processed before the entry existed.
   */
  async record(entry: WatchedAddress): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO watched_addresses
         (network, address_key, address, swap_id, currency, status, swap_version, ended_at, registered_at,
          deposit_index, needs_rescan)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true)
       ON CONFLICT (network, address_key) DO UPDATE SET
         address = EXCLUDED.address, swap_id = EXCLUDED.swap_id, currency = EXCLUDED.currency,
         status = EXCLUDED.status, swap_version = EXCLUDED.swap_version, ended_at = EXCLUDED.ended_at,
         updated_at = now()
       WHERE watched_addresses.swap_version < EXCLUDED.swap_version
       RETURNING swap_id`,
      [
        entry.network,
        entry.addressKey,
        entry.address,
        entry.swapId,
        entry.currency,
        entry.status,
        entry.swapVersion,
        entry.endedAt,
        entry.registeredAt,
        entry.depositIndex,
      ],
    );
    return rows.length > 0;
  }

  /** The entries among `addressKeys` still watched: open swaps, and swaps ended at or after `endedSince`. */
  async findWatched(network: Network, addressKeys: string[], endedSince: number): Promise<WatchedAddress[]> {
    if (addressKeys.length === 0) return [];
    const rows: WatchedAddressRow[] = await this.dataSource.query(
      `SELECT * FROM watched_addresses
       WHERE network = $1 AND address_key = ANY($2::text[]) AND (ended_at IS NULL OR ended_at >= $3)`,
      [network, addressKeys, endedSince],
    );
    return rows.map(toEntry);
  }

  /** Whether an entry of the network was recorded after `afterSeq`: one indexed probe, no lock. */
  async anyAfter(network: Network, afterSeq: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM watched_addresses WHERE network = $1 AND seq > $2 LIMIT 1',
      [network, afterSeq],
    );
    return rows.length > 0;
  }

  /**
   * The network's address keys recorded after `afterSeq`, oldest first, ended swaps' included. The
   * SHARE lock waits for inserts in flight (they hold ROW EXCLUSIVE from before they draw a seq), so
   * no entry can commit later with a seq at or below this page's last one.
   */
  async keysAfter(network: Network, afterSeq: number, limit: number): Promise<WatchedKeyPage> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('LOCK TABLE watched_addresses IN SHARE MODE');
      const rows: Array<{ address_key: string; seq: string }> = await manager.query(
        `SELECT address_key, seq FROM watched_addresses WHERE network = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
        [network, afterSeq, limit],
      );
      const last = rows.at(-1);
      return { keys: rows.map((row) => row.address_key), lastSeq: last ? Number(last.seq) : afterSeq };
    });
  }

  /** The entries recorded since the follower last rescanned its blocks for new addresses. */
  async awaitingRescan(network: Network): Promise<PendingRescan[]> {
    const rows: Array<{ address_key: string; registered_at: string | null; rescan_from: string | null }> =
      await this.dataSource.query(
        `SELECT address_key, registered_at, rescan_from FROM watched_addresses
         WHERE network = $1 AND needs_rescan ORDER BY address_key`,
        [network],
      );
    return rows.map((row) => ({
      addressKey: row.address_key,
      registeredAt: nullableNumber(row.registered_at),
      rescanFrom: nullableNumber(row.rescan_from),
    }));
  }

  /** A rescan of these entries read the kept blocks below `height`: the next one goes on from there. */
  async rescanFrom(network: Network, addressKeys: string[], height: number): Promise<void> {
    if (addressKeys.length === 0) return;
    await this.dataSource.query(
      `UPDATE watched_addresses SET rescan_from = $3
       WHERE network = $1 AND address_key = ANY($2::text[]) AND needs_rescan`,
      [network, addressKeys, height],
    );
  }

  /** Clears the marks of these entries only: one recorded meanwhile keeps its own. */
  async markRescanned(network: Network, addressKeys: string[]): Promise<void> {
    if (addressKeys.length === 0) return;
    await this.dataSource.query(
      `UPDATE watched_addresses SET needs_rescan = false, rescan_from = NULL
       WHERE network = $1 AND address_key = ANY($2::text[]) AND needs_rescan`,
      [network, addressKeys],
    );
  }

  /** The highest account index of the network's deposit addresses; null when none is known. */
  async highestDepositIndex(network: Network): Promise<number | null> {
    const rows: Array<{ highest: number | null }> = await this.dataSource.query(
      'SELECT max(deposit_index) AS highest FROM watched_addresses WHERE network = $1',
      [network],
    );
    return rows[0]?.highest ?? null;
  }

  async find(network: Network, addressKey: string): Promise<WatchedAddress | null> {
    const rows: WatchedAddressRow[] = await this.dataSource.query(
      `SELECT * FROM watched_addresses WHERE network = $1 AND address_key = $2`,
      [network, addressKey],
    );
    return rows[0] ? toEntry(rows[0]) : null;
  }
}
