import { HDKey } from '@scure/bip32';
import { NETWORKS, type Network } from '@swap/domain';
import { encodeMoneroAccountPublic, moneroAccount } from './monero-keys';
import { ACCOUNT_PATHS, assertIndex, Bip32Network } from './paths';
import { encodeSolanaAccountPublic, solanaAccount } from './solana-keys';

/**
 * Treasury side. `seed` is `mnemonicToSeed(TREASURY_MNEMONIC)`. Only what accountPublicKeys
 * returns leaves the treasury (and the XMR string, which holds the view key, stays confidential).
 */

// Three hardened levels from the master key are most of what deriving a signer costs, and the
// treasury derives one per sweep: the account and receive nodes are kept per seed.
const accountNodes = new WeakMap<Uint8Array, Map<Bip32Network, { account: HDKey; receive: HDKey }>>();

function accountNodesOf(seed: Uint8Array, network: Bip32Network): { account: HDKey; receive: HDKey } {
  let nodes = accountNodes.get(seed);
  if (!nodes) accountNodes.set(seed, (nodes = new Map()));
  let pair = nodes.get(network);
  if (!pair) {
    const account = HDKey.fromMasterSeed(seed).derive(ACCOUNT_PATHS[network]);
    pair = { account, receive: account.deriveChild(0) };
    nodes.set(network, pair);
  }
  return pair;
}

function accountNode(seed: Uint8Array, network: Bip32Network): HDKey {
  return accountNodesOf(seed, network).account;
}

/**
 * The `<NETWORK>_XPUB` string of one network:
 * BTC, LTC, ETH, AVAX, TRX: the account's BIP32 extended public key with the standard mainnet
 * xpub version (0x0488b21e) whatever the chain: BIP84's zpub of the same key differs only there;
 * SOL: "solpub:…" (see solana-keys.ts); XMR: "xmrview:…" (see monero-keys.ts).
 */
export function accountPublicKey(seed: Uint8Array, network: Network): string {
  switch (network) {
    case 'SOL':
      return encodeSolanaAccountPublic(solanaAccount(seed));
    case 'XMR':
      return encodeMoneroAccountPublic(moneroAccount(seed));
    default:
      return accountNode(seed, network).publicExtendedKey;
  }
}

/** What `swapctl keys xpubs` prints. */
export function accountPublicKeys(seed: Uint8Array): Record<Network, string> {
  return Object.fromEntries(NETWORKS.map((n) => [n, accountPublicKey(seed, n)])) as Record<Network, string>;
}

/** The same keys as the variables the engine and the watchers read: BTC_XPUB=…, one per network (D11). */
export function accountKeyVariables(seed: Uint8Array): Record<`${Network}_XPUB`, string> {
  const keys = accountPublicKeys(seed);
  return Object.fromEntries(NETWORKS.map((n) => [`${n}_XPUB`, keys[n]])) as Record<`${Network}_XPUB`, string>;
}

/** The secp256k1 private key of account/0/index, the key behind depositAddress(network, …, index). */
export function childPrivateKey(seed: Uint8Array, network: Bip32Network, index: number): Uint8Array {
  return childKeyPair(seed, network, index).privateKey;
}

/** account/0/index with its compressed public key, which deriving it computes anyway. */
export function childKeyPair(seed: Uint8Array, network: Bip32Network, index: number): SecpKeyPair {
  assertIndex(index);
  return keyPairOf(accountNodesOf(seed, network).receive.deriveChild(index));
}

export interface SecpKeyPair {
  privateKey: Uint8Array;
  /** 33 bytes, compressed. */
  publicKey: Uint8Array;
}

/** A derived private node's key pair. */
export function keyPairOf(node: HDKey): SecpKeyPair {
  return { privateKey: node.privateKey as Uint8Array, publicKey: node.publicKey as Uint8Array };
}
