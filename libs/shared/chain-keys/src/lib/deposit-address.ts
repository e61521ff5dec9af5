import type { Network } from '@swap/domain';
import { PublicBranch } from './bip32-public';
import { evmAddress, p2wpkhAddress, SEGWIT_HRP, tronAddress } from './bip32-addresses';
import { moneroAddress, MoneroAccountPublic, parseMoneroAccountPublic } from './monero-keys';
import { assertIndex, Chain } from './paths';
import { parseSolanaAccountPublic, solanaChildPublicKey, SolanaAccountPublic } from './solana-keys';
import { base58 } from '@scure/base';

export interface DepositAddressParams {
  /** Selects BTC/LTC bech32 prefixes and Monero address prefixes. Defaults to mainnet. */
  chain?: Chain;
}

/**
 * Parsing an account (base58check, point decompression, a·B for Monero) costs more than one
 * child, and the watcher derives up to a million children of the same few accounts: keep them.
 * Bounded only as a guard; a process sees one account per network.
 */
function memo<T>(parse: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    let value = cache.get(text);
    if (value === undefined) {
      value = parse(text);
      if (cache.size >= 64) cache.clear();
      cache.set(text, value);
    }
    return value;
  };
}

const receiveBranch = memo(PublicBranch.receiveBranch);
const solanaAccountPublic = memo<SolanaAccountPublic>(parseSolanaAccountPublic);
const moneroAccountPublic = memo<MoneroAccountPublic>(parseMoneroAccountPublic);

/**
 * Address number `index` of a network's account, from its `<NETWORK>_XPUB` string only (D8):
 * BTC/LTC P2WPKH of account/0/index, ETH/AVAX EIP-55 and TRX T… of account/0/index, SOL the
 * additive child key, XMR subaddress (0, index). Index 0 is the XMR primary address (the hot
 * wallet), so deposits use indices from 1 on every network.
 */
export function depositAddress(
  network: Network,
  accountPublic: string,
  index: number,
  params: DepositAddressParams = {},
): string {
  assertIndex(index);
  const chain = params.chain ?? 'mainnet';
  switch (network) {
    case 'BTC':
    case 'LTC':
      return p2wpkhAddress(
        receiveBranch(accountPublic).child(index).toBytes(true),
        SEGWIT_HRP[network][chain],
      );
    case 'ETH':
    case 'AVAX':
      return evmAddress(receiveBranch(accountPublic).child(index).toBytes(false));
    case 'TRX':
      return tronAddress(receiveBranch(accountPublic).child(index).toBytes(false));
    case 'SOL':
      return base58.encode(solanaChildPublicKey(solanaAccountPublic(accountPublic), index));
    case 'XMR':
      return moneroAddress(moneroAccountPublic(accountPublic), index, chain);
  }
}
