import { HDKey } from '@scure/bip32';
import { bytesToHex } from '@noble/hashes/utils.js';
import { NETWORKS, type Network } from '@swap/domain';
import { accountPublicKey, keyPairOf } from './account-keys';
import { addressKey, secpAddressKey, type AddressKey } from './address-key';
import { moneroAccount, moneroAddress, parseMoneroAccountPublic } from './monero-keys';
import { assertIndex, BIP32_NETWORKS, type Bip32Network, type Chain } from './paths';

/** The Monero wallet's secrets, as monero-wallet-rpc's generate_from_keys takes them (hex). */
export interface MoneroWalletSecrets {
  address: string;
  spendKey: string;
  viewKey: string;
}

/**
 * Where the treasury's keys come from (D11): the BIP39 seed for every network, or an account-level
 * extended private key for a BIP32 network (BTC, LTC, ETH, AVAX, TRX), which then takes precedence.
 * Only the treasury builds one.
 */
export interface KeySource {
  /** The networks this source can sign for. */
  readonly networks: readonly Network[];
  key(network: Network, index: number): AddressKey;
  /** The `<NETWORK>_XPUB` the watchers and the engine are given. */
  accountPublic(network: Network): string;
  moneroWallet(): MoneroWalletSecrets;
}

export interface KeySourceOptions {
  seed?: Uint8Array;
  /** Account xprv (or tprv) per network: the node m/84'/coin'/0' or m/44'/coin'/account'. */
  xprvs?: Partial<Record<Bip32Network, string>>;
  /** Address parameters per network (bech32 prefixes, Monero prefixes); mainnet when absent. */
  chains?: Partial<Record<Network, Chain>>;
}

const ACCOUNT_DEPTH = 3;
const XPUB_VERSIONS = { private: 0x0488ade4, public: 0x0488b21e };
const TPRV_VERSIONS = { private: 0x04358394, public: 0x043587cf };

/** Reads an account-level xprv/tprv; the error names the network, never the key. */
function accountFromXprv(network: Network, text: string): HDKey {
  let node: HDKey;
  try {
    node = HDKey.fromExtendedKey(text.trim(), text.trim().startsWith('t') ? TPRV_VERSIONS : XPUB_VERSIONS);
  } catch {
    throw new Error(`${network}_XPRV is not a BIP32 extended private key`);
  }
  if (!node.privateKey)
    throw new Error(`${network}_XPRV is a public key: the treasury needs the private one`);
  if (node.depth !== ACCOUNT_DEPTH)
    throw new Error(`${network}_XPRV must be an account-level key (depth 3), got depth ${node.depth}`);
  return node;
}

export function keySource(options: KeySourceOptions): KeySource {
  const { seed, chains = {} } = options;
  const accounts = new Map<Network, HDKey>();
  for (const [network, text] of Object.entries(options.xprvs ?? {}) as Array<[Bip32Network, string]>) {
    if (!BIP32_NETWORKS.includes(network)) throw new Error(`${network} keys cannot come from an xprv`);
    accounts.set(network, accountFromXprv(network, text));
  }
  const receive = new Map([...accounts].map(([network, node]) => [network, node.deriveChild(0)]));
  const networks = NETWORKS.filter((network) => seed !== undefined || accounts.has(network));
  const chainOf = (network: Network): Chain => chains[network] ?? 'mainnet';

  const need = (network: Network): Uint8Array => {
    if (!seed) throw new Error(`no key for ${network}: set TREASURY_MNEMONIC or ${network}_XPRV`);
    return seed;
  };

  return {
    networks,
    key(network, index) {
      const branch = receive.get(network);
      if (!branch) return addressKey(need(network), network, index, chainOf(network));
      assertIndex(index);
      return secpAddressKey(
        network as Bip32Network,
        index,
        keyPairOf(branch.deriveChild(index)),
        chainOf(network),
      );
    },
    accountPublic(network) {
      const account = accounts.get(network);
      // The standard xpub version whatever the chain, as accountPublicKey prints it.
      if (account)
        return new HDKey({
          publicKey: account.publicKey!,
          chainCode: account.chainCode!,
          depth: account.depth,
          index: account.index,
          parentFingerprint: account.parentFingerprint,
          versions: XPUB_VERSIONS,
        }).publicExtendedKey;
      return accountPublicKey(need(network), network);
    },
    moneroWallet() {
      const account = moneroAccount(need('XMR'));
      const publicPart = parseMoneroAccountPublic(accountPublicKey(need('XMR'), 'XMR'));
      return {
        address: moneroAddress(publicPart, 0, chainOf('XMR')),
        spendKey: bytesToHex(account.spendSecret),
        viewKey: bytesToHex(account.viewSecret),
      };
    },
  };
}
