import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonExact, stringifyJsonExact } from '@swap/domain';
import { freePort } from '@swap/testing';
import { startProcess, tempDir, type NodeProcess } from './node-process';

export interface MoneroOptions {
  /** monero-wallet-rpc processes to start, each with its own wallet dir (one open wallet each). */
  wallets: number;
  /**
   * "user:password" of wallet-rpc i (HTTP digest auth); the others run --disable-rpc-login.
   * walletRpc() cannot talk to a wallet-rpc with a login: reach it through the adapter.
   */
  walletLogins?: ReadonlyArray<string | undefined>;
}

/** A regtest monerod (fixed difficulty 1, offline) and its wallet-rpcs, on random loopback ports. */
export interface MoneroNodes {
  readonly daemonUrl: string;
  /** Without credentials, also for the wallet-rpcs started with a login. */
  readonly walletUrls: readonly string[];
  /** Mines `blocks` blocks paying their coinbase to `address` (coinbase unlocks after 60 blocks). */
  mine(blocks: number, address: string): Promise<number>;
  /** A monerod JSON-RPC method; numbers in the answer are their exact source text. */
  daemonRpc<T = Record<string, unknown>>(method: string, params?: object): Promise<T>;
  /** A plain monerod endpoint such as "/pop_blocks". */
  daemonPost<T = Record<string, unknown>>(path: string, body?: object): Promise<T>;
  /** A JSON-RPC method of wallet-rpc `wallet`; numbers in the answer are their exact source text. */
  walletRpc<T = Record<string, unknown>>(wallet: number, method: string, params?: object): Promise<T>;
  /** Drops the top `blocks` blocks and empties the pool: their transactions are gone for good. */
  reorg(blocks: number): Promise<void>;
  stop(): Promise<void>;
}

const INSTALL = 'apt-get install -y monero';
const SLOW_MS = 120_000;

/** Starts monerod and the wallet-rpcs in parallel; stop() them in afterAll. */
export async function startMonero(options: MoneroOptions): Promise<MoneroNodes> {
  const dir = tempDir('monero');
  const [rpcPort, p2pPort, ...walletPorts] = await Promise.all(
    Array.from({ length: 2 + options.wallets }, () => freePort()),
  );
  const daemonUrl = `http://127.0.0.1:${rpcPort}`;
  const walletUrls = walletPorts.map((port) => `http://127.0.0.1:${port}`);
  const started: NodeProcess[] = [];
  const track = (node: Promise<NodeProcess>) => node.then((n) => (started.push(n), n));
  try {
    await Promise.all([
      track(startDaemon(dir.path, rpcPort, p2pPort)),
      ...walletPorts.map((port, i) =>
        track(startWalletRpc(dir.path, i, port, rpcPort, options.walletLogins?.[i])),
      ),
    ]);
  } catch (err) {
    await Promise.all(started.map((node) => node.stop()));
    dir.remove();
    throw err;
  }

  const daemonRpc = <T>(method: string, params: object = {}) => jsonRpc<T>(daemonUrl, method, params);
  const daemonPost = <T>(path: string, body: object = {}) => post<T>(daemonUrl + path, body);
  return {
    daemonUrl,
    walletUrls,
    mine: async (blocks, address) => {
      const params = { amount_of_blocks: blocks, wallet_address: address };
      const { height } = await daemonRpc<{ height: string }>('generateblocks', params);
      return Number(height);
    },
    daemonRpc,
    daemonPost,
    walletRpc: <T>(wallet: number, method: string, params: object = {}) => {
      if (options.walletLogins?.[wallet])
        throw new Error(`wallet-rpc ${wallet} has a login: use the adapter`);
      return jsonRpc<T>(walletUrls[wallet], method, params);
    },
    reorg: async (blocks) => {
      await daemonPost('/pop_blocks', { nblocks: blocks });
      await daemonRpc('flush_txpool');
    },
    stop: async () => {
      await Promise.all(started.map((node) => node.stop()));
      dir.remove();
    },
  };
}

function startDaemon(dir: string, rpcPort: number, p2pPort: number): Promise<NodeProcess> {
  const data = join(dir, 'monerod');
  return startProcess({
    name: 'monerod',
    bin: 'monerod',
    install: INSTALL,
    args: [
      '--regtest',
      '--offline',
      '--fixed-difficulty=1',
      `--data-dir=${data}`,
      `--log-file=${join(data, 'monerod.log')}`,
      '--rpc-bind-ip=127.0.0.1',
      `--rpc-bind-port=${rpcPort}`,
      // Without this each start spends seconds making a TLS certificate.
      '--rpc-ssl=disabled',
      '--p2p-bind-ip=127.0.0.1',
      `--p2p-bind-port=${p2pPort}`,
      '--no-zmq',
      '--no-igd',
      '--non-interactive',
      '--disable-rpc-ban',
      // A throwaway chain: no fsync after each mined block.
      '--db-sync-mode=fastest:async:1000000000',
    ],
    ready: async () => {
      await post(`http://127.0.0.1:${rpcPort}/get_height`, {});
      return true;
    },
  });
}

function startWalletRpc(
  dir: string,
  index: number,
  port: number,
  daemonPort: number,
  login: string | undefined,
): Promise<NodeProcess> {
  const wallets = join(dir, `wallets-${index}`);
  mkdirSync(wallets);
  return startProcess({
    name: `monero-wallet-rpc(${index})`,
    bin: 'monero-wallet-rpc',
    install: INSTALL,
    args: [
      `--daemon-address=127.0.0.1:${daemonPort}`,
      '--trusted-daemon',
      '--daemon-ssl=disabled',
      '--rpc-bind-ip=127.0.0.1',
      `--rpc-bind-port=${port}`,
      '--rpc-ssl=disabled',
      login ? `--rpc-login=${login}` : '--disable-rpc-login',
      `--wallet-dir=${wallets}`,
      `--shared-ringdb-dir=${join(wallets, 'ringdb')}`,
      `--log-file=${join(wallets, 'wallet-rpc.log')}`,
      '--non-interactive',
    ],
    // Any HTTP answer (401 with a login) means it serves.
    ready: async () => {
      await fetch(`http://127.0.0.1:${port}/json_rpc`, { method: 'POST', body: '{}' });
      return true;
    },
  });
}

async function jsonRpc<T>(url: string, method: string, params: object): Promise<T> {
  const answer = await post<{ result?: T; error?: { message: string } }>(`${url}/json_rpc`, {
    jsonrpc: '2.0',
    id: '0',
    method,
    params,
  });
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result as T;
}

async function post<T>(url: string, body: object): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: stringifyJsonExact(body),
    signal: AbortSignal.timeout(SLOW_MS),
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return parseJsonExact(await response.text()) as T;
}
