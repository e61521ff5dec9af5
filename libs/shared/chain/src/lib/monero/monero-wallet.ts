import type { Logger } from '@swap/domain';
import type { MoneroWalletRpc } from 'monero-ts';
import { MoneroRpcError, type MoneroRpc } from './monero-rpc';
import type { MoneroWalletKeys } from './monero-wallet-keys';

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
    readonly rpc: MoneroRpc<'monero-wallet-rpc'>,
    readonly keys: MoneroWalletKeys,
    private readonly file: WalletFile,
    private readonly logger?: Logger,
  ) {}

  get address(): string {
    return this.keys.address;
  }

  get name(): string {
    return this.file.name;
  }

  /** `use` of monero-ts's client on this wallet, as `what`: its result, or a MoneroRpcError. */
  async use<T>(what: string, use: (client: MoneroWalletRpc) => Promise<T>, timeoutMs?: number): Promise<T> {
    await this.open();
    try {
      return await this.rpc.use(what, use, timeoutMs);
    } catch (err) {
      if (!(err instanceof MoneroRpcError && err.code === NOT_OPEN)) throw err;
      this.logger?.warn({ wallet: this.file.name }, 'monero wallet was closed: opening it again');
      this.opening = null;
      await this.open();
      return this.rpc.use(what, use, timeoutMs);
    }
  }

  /** A wallet RPC method monero-ts has no call for, on this wallet: its raw result. */
  call(method: string, params: object = {}, timeoutMs?: number): Promise<unknown> {
    return this.use(method, (client) => rawCall(client, method, params), timeoutMs);
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
        await this.rpc.use('open_wallet', (w) => w.openWallet(name, password), OPEN_TIMEOUT_MS);
      } catch (err) {
        if (!(err instanceof MoneroRpcError)) throw err;
        await this.restore();
      }
      const address = await this.openAddress();
      if (address !== this.keys.address)
        throw new Error(`wallet file ${name} holds ${address ?? 'nothing'}, not ${this.keys.address}`);
    }
    // Scans happen only in our refresh calls, after the subaddress table has been made ready for them.
    await this.rpc.use('auto_refresh', (w) => w.stopSyncing());
    this.generation++;
  }

  /** Creates the wallet file from the keys. A file that exists but would not open is not replaced. */
  private async restore(): Promise<void> {
    const { name, password, restoreHeight } = this.file;
    const { address, viewKey, spendKey } = this.keys;
    try {
      const keys = { primaryAddress: address, privateViewKey: viewKey, privateSpendKey: spendKey };
      const config = { path: name, password, restoreHeight, ...keys };
      await this.rpc.use('generate_from_keys', (w) => w.createWallet(config), OPEN_TIMEOUT_MS);
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
      // Not getPrimaryAddress(): it answers from a cache, even for a wallet-rpc that restarted.
      const [primary] = await this.rpc.use('get_address', (w) => w.getSubaddresses(0, [0], true));
      return primary?.getAddress() ?? null;
    } catch (err) {
      if (err instanceof MoneroRpcError && err.code === NOT_OPEN) return null;
      throw err;
    }
  }
}

/** A JSON-RPC call through monero-ts's connection to the wallet-rpc (its transport, its digest auth). */
async function rawCall(client: MoneroWalletRpc, method: string, params: object): Promise<unknown> {
  const answer = (await client.getRpcConnection()?.sendJsonRequest(method, params)) as { result?: unknown };
  return answer?.result;
}
