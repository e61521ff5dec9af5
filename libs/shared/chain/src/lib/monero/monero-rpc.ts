import type { MoneroDaemonRpc, MoneroWalletRpc } from 'monero-ts';

/** The node answered a call with an error (a JSON-RPC error object, or monero-ts judged its answer one). */
export class MoneroRpcError extends Error {
  override readonly name = 'MoneroRpcError';

  constructor(
    readonly method: string,
    readonly code: number,
    readonly detail: string,
  ) {
    super(`${method}: ${detail} (code ${code})`);
  }
}

/** The node could not be reached or did not answer HTTP as expected: worth trying again later. */
export class MoneroUnreachableError extends Error {
  override readonly name = 'MoneroUnreachableError';
}

type Role = 'monerod' | 'monero-wallet-rpc';
type Client<R extends Role> = R extends 'monerod' ? MoneroDaemonRpc : MoneroWalletRpc;
type MoneroTs = typeof import('monero-ts');

const DEFAULT_TIMEOUT_MS = 30_000;

let library: Promise<MoneroTs> | undefined;

/**
 * monero-ts, loaded on first use: requiring it costs ~150 ms and ~30 MB (no WASM: its RPC clients
 * do not load it), which only services that reach a Monero node should pay.
 */
function moneroTs(): Promise<MoneroTs> {
  library ??= import('monero-ts');
  return library;
}

/**
 * One monerod or monero-wallet-rpc endpoint, reached through monero-ts's RPC client: its HTTP, its
 * digest authentication (user:password from the URL), its parsing (amounts as bigint). Failures
 * come out as MoneroRpcError or MoneroUnreachableError, never with the credentials or the params.
 * monero-ts sends one request at a time per host, and drops a socket silent for 180 s (not
 * settable): a longer call (a first sync) fails as unreachable, and the retry finds the wallet-rpc
 * further on.
 */
export class MoneroRpc<R extends Role = Role> {
  /** The URL without credentials, for messages and logs. */
  readonly label: string;
  private readonly uri: string;
  private readonly username?: string;
  private readonly password?: string;
  private client?: Promise<Client<R>>;

  constructor(
    url: string,
    private readonly role: R,
  ) {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      this.username = decodeURIComponent(parsed.username);
      this.password = decodeURIComponent(parsed.password);
    }
    parsed.username = '';
    parsed.password = '';
    this.uri = parsed.href.replace(/\/+$/, '');
    this.label = `${role} at ${this.uri}`;
  }

  /** `use` of the client, as `what`: its result, or one of the errors above after at most `timeoutMs`. */
  async use<T>(
    what: string,
    use: (client: Client<R>) => Promise<T>,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<T> {
    const m = await moneroTs();
    const client = await this.connect(m);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new MoneroUnreachableError(`${this.label}: ${what} timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    // monero-ts cannot abort a request: past the deadline it ends in the background, unheard.
    const work = use(client).catch((err: unknown) => {
      throw this.failure(m, err, what);
    });
    work.catch(() => undefined);
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A plain JSON endpoint ("send_raw_transaction"…) posted through monero-ts's connection: its answer. */
  post(path: string, body: object, timeoutMs?: number): Promise<unknown> {
    return this.use(
      path,
      async (client) => (await client.getRpcConnection())?.sendPathRequest(path, body),
      timeoutMs,
    );
  }

  private connect(m: MoneroTs): Promise<Client<R>> {
    // proxyToWorker: false, or the daemon client would start monero-ts's WASM worker.
    const server = { uri: this.uri, username: this.username, password: this.password, proxyToWorker: false };
    this.client ??= (
      this.role === 'monerod' ? m.connectToDaemonRpc(server) : m.connectToWalletRpc(server)
    ) as Promise<Client<R>>;
    return this.client;
  }

  /** What a monero-ts failure means here. Its own errors carry the params (keys): never passed on. */
  private failure(m: MoneroTs, err: unknown, what: string): Error {
    if (err instanceof MoneroRpcError || err instanceof MoneroUnreachableError) return err;
    if (!(err instanceof m.MoneroError)) {
      // A bare string is how monero-ts reports its own timeouts.
      if (typeof err === 'string') return new MoneroUnreachableError(`${this.label}: ${what}: ${err}`);
      const reason = err instanceof Error ? err.message : String(err);
      return new Error(`${this.label}: ${what} gave an answer monero-ts could not read: ${reason}`);
    }
    const code = err.getCode();
    if (err instanceof m.MoneroRpcError && code === undefined)
      return new MoneroUnreachableError(`${this.label} is unreachable: ${underlying(err.message)}`);
    // An HTTP status: monero-ts reports it as the code of an error without an RPC method.
    if (err instanceof m.MoneroRpcError && err.getRpcMethod() === undefined && code >= 100) {
      if (code === 401)
        return new MoneroUnreachableError(
          `${this.label} refused the request: check the credentials in its URL`,
        );
      return new MoneroUnreachableError(`${this.label} answered HTTP ${code}`);
    }
    return new MoneroRpcError(what, code ?? 0, err.message);
  }
}

/** The cause monero-ts wraps in "Request failed without response: … due to underlying error:\n…". */
function underlying(message: string): string {
  const cause = /underlying error:\s*([^\n]*)/.exec(message)?.[1];
  return (cause || message.split('\n')[0]).slice(0, 200);
}
