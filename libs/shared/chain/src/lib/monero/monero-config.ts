import type { Chain } from '@swap/chain-keys';
import { addressChainOf } from '@swap/domain';
import type { MoneroWalletKeys } from './monero-wallet-keys';

export interface MoneroConfig {
  /** monerod's RPC (XMR_DAEMON_RPC_URL); user:password in it for HTTP digest authentication. */
  daemonUrl: string;
  /** The monero-wallet-rpc sidecar of this service (XMR_WALLET_RPC_URL), one wallet open at a time. */
  walletUrl: string;
  /** Address prefixes (regtest uses mainnet's). */
  chain: Chain;
  /** File in the wallet-rpc's --wallet-dir; derived from the wallet's address when absent. */
  walletName?: string;
  walletPassword: string;
  /** Height a freshly restored wallet scans from. */
  restoreHeight: number;
  /** Subaddresses the wallet knows beyond the highest one handed out. */
  subaddressLookahead: number;
}

/** Reads the XMR_* variables; a bad or missing one throws an Error naming it (never its value). */
export function moneroConfig(env: NodeJS.ProcessEnv): MoneroConfig {
  const chain = addressChainOf('XMR', env);
  return {
    daemonUrl: httpUrl(env, 'XMR_DAEMON_RPC_URL'),
    walletUrl: httpUrl(env, 'XMR_WALLET_RPC_URL'),
    chain,
    walletName: walletName(env.XMR_WALLET_NAME),
    walletPassword: env.XMR_WALLET_PASSWORD ?? '',
    restoreHeight: integer(env, 'XMR_RESTORE_HEIGHT', 0, 0),
    subaddressLookahead: integer(env, 'XMR_SUBADDRESS_LOOKAHEAD', 1000, 1),
  };
}

/** The wallet file a reader/sender opens: XMR_WALLET_NAME, or swap-<address start>[-view]. */
export function walletFileName(config: MoneroConfig, keys: MoneroWalletKeys): string {
  return config.walletName ?? `swap-${keys.address.slice(0, 12)}${keys.spendKey ? '' : '-view'}`;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string): string {
  const text = env[name];
  if (!text) throw new Error(`${name} is required`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) URL`);
  return text;
}

function walletName(text: string | undefined): string | undefined {
  if (!text) return undefined;
  // A name, not a path: the wallet-rpc resolves it inside its --wallet-dir.
  if (!/^[\w.-]+$/.test(text) || text.startsWith('.'))
    throw new Error('XMR_WALLET_NAME must be a file name (letters, digits, "_", "-", ".")');
  return text;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be an integer of at least ${min}`);
  return value;
}
