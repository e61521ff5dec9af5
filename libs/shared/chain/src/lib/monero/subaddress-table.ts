import type { Logger } from '@swap/domain';
import { z } from 'zod';
import { MoneroRpcError } from './monero-rpc';
import type { MoneroWallet } from './monero-wallet';
import { count, readAnswer } from './rpc-values';

/** create_address makes at most 64 subaddresses per call. */
const CHUNK = 64;
const CREATE_TIMEOUT_MS = 120_000;

/**
 * The subaddresses (0, i) the wallet scans for. A wallet only recognises outputs to subaddresses
 * in its table, and never rescans for ones added later: the table must run ahead of the deposit
 * addresses handed out, by `lookahead`.
 */
export class SubaddressTable {
  /** Highest index known to be in the table, as of `generation` of the wallet. */
  private known = -1;
  private generation = -1;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly wallet: MoneroWallet,
    private readonly lookahead: number,
    private readonly logger?: Logger,
  ) {}

  /** Makes the table reach `index` + lookahead. Calls run one after the other, so none creates twice. */
  expect(index: number): Promise<void> {
    if (!Number.isSafeInteger(index) || index < 0)
      return Promise.reject(new RangeError(`bad index ${index}`));
    const run = this.queue.then(() => this.grow(index + this.lookahead));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async grow(target: number): Promise<void> {
    if (this.generation === this.wallet.generation && target <= this.known) return;
    if (!(await this.has(target))) {
      // The first call also tells how far the table went: the index it was given.
      let last = await this.create(1);
      while (last < target) last = await this.create(Math.min(CHUNK, target - last));
      // A wallet-rpc that dies before it stores would come back without them, and scan on.
      await this.wallet.use('store', (w) => w.save(), CREATE_TIMEOUT_MS);
      this.logger?.info({ wallet: this.wallet.name, upTo: last }, 'monero subaddresses created');
    }
    this.known = target;
    this.generation = this.wallet.generation;
  }

  private async has(index: number): Promise<boolean> {
    try {
      await this.wallet.use('get_address', (w) => w.getSubaddresses(0, [index], true));
      return true;
    } catch (err) {
      // "address index is out of bound"
      if (err instanceof MoneroRpcError && /out of bound/i.test(err.detail)) return false;
      throw err;
    }
  }

  /** Adds `n` subaddresses; returns the highest index now in the table. */
  private async create(n: number): Promise<number> {
    // Hand-written: monero-ts's createSubaddress makes one per call, and the table grows by 1000s.
    const answer = await this.wallet.call(
      'create_address',
      { account_index: 0, count: n },
      CREATE_TIMEOUT_MS,
    );
    const { address_indices } = readAnswer(
      z.object({ address_indices: z.array(count).min(1) }),
      answer,
      'create_address',
    );
    return Math.max(...address_indices);
  }
}
