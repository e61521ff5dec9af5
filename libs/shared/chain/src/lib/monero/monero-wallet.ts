import { z } from 'zod';
import type { ChainLogger } from '../chain-reader';
import { MoneroRpcError, type MoneroRpc } from './monero-rpc';
import type { MoneroWalletKeys } from './monero-wallet-keys';
import { readAnswer } from './rpc-values';

/** monero-wallet-rpc's WALLET_RPC_ERROR_CODE_NOT_OPEN: no wallet open (the wallet-rpc restarted). */
const NOT_OPEN = -13;
/** Opening or restoring builds the subaddress table and may scan blocks: seconds, not milliseconds. */
const OPEN_TIMEOUT_MS = 600_000;

export interface WalletFile {
  name: string;
  password: string;
  /** Height a freshly restored wallet scans from. */
  restoreHeight: number;
}

/**
 * The one wallet of a monero-wallet-rpc, opened on first use, or restored from its keys
 * (generate_from_keys) when its file does not exist yet, and checked to be the expected one.
 * A wallet-rpc that restarted under us is opened again. `generation` counts the openings, so what
 * is cached about the wallet can tell it may have changed. The wallet-rpc's own background
 * refresh is turned off: see refreshWallet.
 */
export class MoneroWallet {
  generation = 0;
  /**
   * Set when this object restored the wallet: until the auto-refresh was off, the wallet-rpc may
   * have scanned with a subaddress table not yet ready, so refreshWallet rescans once it is.
   */
  rescanDue = false;
  private opening: Promise<void> | null = null;

  constructor(
    readonly rpc: MoneroRpc,
    readonly keys: MoneroWalletKeys,
    private readonly file: WalletFile,
    private readonly logger?: ChainLogger,
  ) {}

  get address(): string {
    return this.keys.address;
  }

  get name(): string {
    return this.file.name;
  }

  /** A wallet RPC method on this wallet: its result, or a MoneroRpcError. */
  async call(method: string, params: object = {}, timeoutMs?: number): Promise<unknown> {
    await this.open();
    try {
      return await this.rpc.call(method, params, timeoutMs);
    } catch (err) {
      if (!(err instanceof MoneroRpcError && err.code === NOT_OPEN)) throw err;
      this.logger?.warn({ wallet: this.file.name }, 'monero wallet was closed: opening it again');
      this.opening = null;
      await this.open();
      return this.rpc.call(method, params, timeoutMs);
    }
  }

  private open(): Promise<void> {
    this.opening ??= this.openOrRestore().catch((err: unknown) => {
      this.opening = null;
      throw err;
    });
    return this.opening;
  }

  private async openOrRestore(): Promise<void> {
    // Already open (a wallet-rpc started with --wallet-file, or shared by a reader and a sender).
    if ((await this.openAddress()) !== this.keys.address) {
      const { name, password } = this.file;
      try {
        await this.rpc.call('open_wallet', { filename: name, password }, OPEN_TIMEOUT_MS);
      } catch (err) {
        if (!(err instanceof MoneroRpcError)) throw err;
        await this.restore();
      }
      const address = await this.openAddress();
      if (address !== this.keys.address)
        throw new Error(`wallet file ${name} holds ${address ?? 'nothing'}, not ${this.keys.address}`);
    }
    // Scans happen only in our refresh calls, after the subaddress table has been made ready for them.
    await this.rpc.call('auto_refresh', { enable: false });
    this.generation++;
  }

  /** Creates the wallet file from the keys. A file that exists but would not open is not replaced. */
  private async restore(): Promise<void> {
    const { name, password, restoreHeight } = this.file;
    const { address, viewKey, spendKey } = this.keys;
    try {
      const params = { filename: name, password, address, viewkey: viewKey, restore_height: restoreHeight };
      await this.rpc.call(
        'generate_from_keys',
        spendKey ? { ...params, spendkey: spendKey } : params,
        OPEN_TIMEOUT_MS,
      );
    } catch (err) {
      if (err instanceof MoneroRpcError && /exists/i.test(err.detail))
        throw new Error(`wallet file ${name} exists but does not open: wrong XMR_WALLET_PASSWORD?`);
      // Never the params: they hold the keys.
      throw err instanceof MoneroRpcError ? new Error(`cannot restore wallet ${name}: ${err.detail}`) : err;
    }
    this.rescanDue = true;
    this.logger?.info({ wallet: name, restoreHeight, viewOnly: !spendKey }, 'restored monero wallet');
  }

  private async openAddress(): Promise<string | null> {
    try {
      const answer = await this.rpc.call('get_address', { account_index: 0, address_index: [0] });
      return readAnswer(z.object({ address: z.string() }), answer, 'get_address').address;
    } catch (err) {
      if (err instanceof MoneroRpcError && err.code === NOT_OPEN) return null;
      throw err;
    }
  }
}
