import type { Logger } from '@swap/domain';
import { walletFileName, type MoneroConfig } from './monero-config';
import { MoneroDaemon } from './monero-daemon';
import { MoneroRpc } from './monero-rpc';
import { MoneroWallet } from './monero-wallet';
import type { MoneroWalletKeys } from './monero-wallet-keys';
import { SubaddressTable } from './subaddress-table';

/** What a reader or a sender talks to: monerod, and its wallet in the configured wallet-rpc. */
export interface MoneroConnection {
  daemon: MoneroDaemon;
  wallet: MoneroWallet;
  subaddresses: SubaddressTable;
}

export function moneroConnection(
  config: MoneroConfig,
  keys: MoneroWalletKeys,
  logger?: Logger,
): MoneroConnection {
  const file = {
    name: walletFileName(config, keys),
    password: config.walletPassword,
    restoreHeight: config.restoreHeight,
  };
  const wallet = new MoneroWallet(new MoneroRpc(config.walletUrl, 'monero-wallet-rpc'), keys, file, logger);
  return {
    daemon: new MoneroDaemon(new MoneroRpc(config.daemonUrl, 'monerod')),
    wallet,
    subaddresses: new SubaddressTable(wallet, config.subaddressLookahead, logger),
  };
}
