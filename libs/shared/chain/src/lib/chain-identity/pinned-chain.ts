import type { Network, Logger } from '@swap/domain';
import { startupProgress } from '@swap/service-kit';
import type { ChainReader } from '../chain-reader';
import { ChainIdentityMismatch } from './chain-identity-mismatch';
import type { ChainIdentityPins, PinnedIdentity } from './identity-pins';

export interface PinnedChainOptions {
  pins: ChainIdentityPins;
  /** Told once when the node turns out to be on another chain; a service stops there (exit 78). */
  onMismatch: (mismatch: ChainIdentityMismatch) => void;
  logger?: Logger;
}

/** Members that are checks themselves, not uses of the chain (identity is one on demand). */
const UNGUARDED = new Set<PropertyKey>(['network', 'verify']);

/** A sender's members that are objects of methods reading the node too (all async). */
const NESTED = new Set<PropertyKey>(['energyLending', 'replacer']);

/** The node answered the request (with an error of its own): it did not go away meanwhile. */
const answeredByNode = (err: unknown) =>
  err instanceof ChainIdentityMismatch || (err instanceof Error && /RpcError$/.test(err.name));

/**
 * Keeps one network's reader and sender on the chain the service's data belongs to. The node's
 * identity is pinned in the service's schema at the first check and compared at every start and
 * after every failed request (the node may have come back on another chain, or a new devnet may
 * answer): the next use waits for that one check, shared by concurrent callers, so an outage
 * costs one identity call per recovery, not one per request. Once the identity differs, every
 * use is refused before anything is read or sent, and onMismatch stops the service. A node that
 * switched chains between two uses without failing one is seen when the guarded reader's
 * identity() is asked: that is a check on demand (the watcher's, on a reorganisation deeper than
 * the blocks it keeps).
 */
export class PinnedChain {
  private checked: Promise<string> | null = null;
  private pinned: PinnedIdentity | null = null;
  private mismatch: ChainIdentityMismatch | null = null;

  constructor(
    readonly network: Network,
    private readonly node: Pick<ChainReader, 'identity'>,
    private readonly options: PinnedChainOptions,
  ) {}

  /**
   * The check at start, before anything is read or sent: throws the mismatch. A node that does not
   * answer yet (still starting, as the devnet may be) is checked before its first use instead.
   */
  async checkAtStart(): Promise<void> {
    try {
      await this.ensureChecked();
      startupProgress.mark(`${this.network} chain identity checked`);
    } catch (err) {
      if (err instanceof ChainIdentityMismatch) throw err;
      // Info, as an outage of a dependency still starting is (the devnet starts with the services).
      this.options.logger?.info(
        { network: this.network, reason: err instanceof Error ? err.message : String(err) },
        'chain identity not checked at start (no answer): it is checked before the first use',
      );
    }
  }

  /** `reader` with every use behind the check. */
  reader<T extends object>(reader: T): T {
    return this.guard(reader);
  }

  /** `sender` with every use (signing reads the node too) behind the check. */
  sender<T extends object>(sender: T): T {
    return this.guard(sender);
  }

  /** The node's identity, checked against the pin now, whatever the last check found. */
  recheck(): Promise<string> {
    if (!this.mismatch) this.checked = null;
    return this.ensureChecked();
  }

  // A proxy rather than a class per interface: every method, optional ones (expectAddresses,
  // neverLands) and ones added later included, is guarded, and absent ones stay absent.
  private guard<T extends object>(target: T): T {
    return new Proxy(target, {
      get: (object, key) => {
        const value: unknown = Reflect.get(object, key, object);
        if (typeof key !== 'string' || UNGUARDED.has(key)) return value;
        if (key === 'identity' && typeof value === 'function') return () => this.recheck();
        if (typeof value === 'function')
          return (...args: unknown[]) =>
            this.use(() => (value as (...a: unknown[]) => unknown).apply(object, args));
        if (NESTED.has(key) && typeof value === 'object' && value !== null) return this.guard(value);
        return value;
      },
    });
  }

  private async use<R>(call: () => R): Promise<Awaited<R>> {
    await this.ensureChecked();
    try {
      return await call();
    } catch (err) {
      if (!answeredByNode(err)) this.checked = null;
      throw err;
    }
  }

  private ensureChecked(): Promise<string> {
    if (this.mismatch) return Promise.reject(this.mismatch);
    this.checked ??= this.check().catch((err: unknown) => {
      this.checked = null;
      throw err;
    });
    return this.checked;
  }

  private async check(): Promise<string> {
    const found = await this.node.identity();
    const first = this.pinned === null;
    // Pinned once per process: later checks compare with it and touch no database.
    this.pinned ??= await this.options.pins.pin(this.network, found);
    const { network, pinned } = this;
    if (pinned.identity === found) {
      if (first)
        this.options.logger?.info(
          { network, identity: found, pinnedAt: pinned.pinnedAt.toISOString() },
          'chain identity checked',
        );
      return found;
    }
    // Told once, even when a check on demand ran beside another one.
    if (!this.mismatch) {
      this.mismatch = new ChainIdentityMismatch(network, pinned, found);
      this.options.onMismatch(this.mismatch);
    }
    throw this.mismatch;
  }
}
