import { base58xmr } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToNumberLE, numberToBytesLE, u32le } from './bytes';
import { baseMultiply, decodeSubgroupPoint, EdPoint, hashToScalar, L, modL } from './ed25519-math';
import { ACCOUNT_PATHS, assertIndex, Chain } from './paths';

/**
 * XMR account string: "xmrview:" + hex(B || a), 128 hex digits: the primary address's public
 * spend key B and the PRIVATE view key a. It cannot spend, but it reveals every incoming payment
 * of the wallet, so treat it as confidential (the watcher needs it to find deposits).
 */
export const MONERO_ACCOUNT_PREFIX = 'xmrview:';

/** Treasury only. Keys are 32-byte little-endian scalars/points, as monero-wallet-rpc takes them in hex. */
export interface MoneroAccount {
  spendSecret: Uint8Array;
  viewSecret: Uint8Array;
  publicSpendKey: Uint8Array;
  publicViewKey: Uint8Array;
}

export interface MoneroAccountPublic {
  publicSpendKey: Uint8Array;
  privateViewKey: Uint8Array;
  publicViewKey: Uint8Array;
  /** Cached for subaddresses: C = a·D = a·B + (a·m)·G needs only base multiplications. */
  spendPoint: EdPoint;
  viewScalar: bigint;
  viewTimesSpend: EdPoint;
}

/** Address prefixes [standard, subaddress]; Monero's regtest (fakechain) uses the mainnet ones. */
const PREFIXES: Record<Chain, [number, number]> = { mainnet: [18, 42], testnet: [53, 63], regtest: [18, 42] };

/**
 * The wallet is our own derivation, not Monero's 25-word seed: spend secret
 * b = keccak256(private key of the secp256k1 BIP32 node m/44'/128'/0') mod L, and, as Monero
 * does, view secret a = keccak256(b) mod L. monero-wallet-cli --generate-from-spend-key with b
 * restores the same wallet.
 */
export function moneroAccount(seed: Uint8Array): MoneroAccount {
  const node = HDKey.fromMasterSeed(seed).derive(ACCOUNT_PATHS.XMR);
  const spend = hashToScalar(node.privateKey as Uint8Array);
  const view = hashToScalar(numberToBytesLE(spend));
  return {
    spendSecret: numberToBytesLE(spend),
    viewSecret: numberToBytesLE(view),
    publicSpendKey: baseMultiply(spend).toBytes(),
    publicViewKey: baseMultiply(view).toBytes(),
  };
}

export function encodeMoneroAccountPublic(account: {
  publicSpendKey: Uint8Array;
  viewSecret: Uint8Array;
}): string {
  return MONERO_ACCOUNT_PREFIX + bytesToHex(account.publicSpendKey) + bytesToHex(account.viewSecret);
}

export function parseMoneroAccountPublic(text: string): MoneroAccountPublic {
  if (
    !text.startsWith(MONERO_ACCOUNT_PREFIX) ||
    !/^[0-9a-f]{128}$/.test(text.slice(MONERO_ACCOUNT_PREFIX.length))
  ) {
    throw new Error(`XMR account key must be "${MONERO_ACCOUNT_PREFIX}" + 128 lowercase hex digits`);
  }
  const bytes = hexToBytes(text.slice(MONERO_ACCOUNT_PREFIX.length));
  const publicSpendKey = bytes.slice(0, 32);
  const privateViewKey = bytes.slice(32);
  const viewScalar = bytesToNumberLE(privateViewKey);
  if (viewScalar === 0n || viewScalar >= L) throw new Error('XMR private view key is not a reduced scalar');
  const spendPoint = decodeSubgroupPoint(publicSpendKey, 'XMR public spend key');
  return {
    publicSpendKey,
    privateViewKey,
    publicViewKey: baseMultiply(viewScalar).toBytes(),
    spendPoint,
    viewScalar,
    viewTimesSpend: spendPoint.multiply(viewScalar),
  };
}

/**
 * Address of subaddress (0, index): index 0 is the primary (standard) address; index ≥ 1 is
 * D = B + m·G, C = a·D with m = Hs("SubAddr\0" || a || u32le(0) || u32le(index)).
 */
export function moneroAddress(account: MoneroAccountPublic, index: number, chain: Chain = 'mainnet'): string {
  assertIndex(index);
  const [standard, subaddress] = PREFIXES[chain];
  if (index === 0) return encodeAddress(standard, account.publicSpendKey, account.publicViewKey);
  const m = subaddressTweak(account.privateViewKey, index);
  const D = account.spendPoint.add(baseMultiply(m));
  const C = account.viewTimesSpend.add(baseMultiply(modL(account.viewScalar * m)));
  return encodeAddress(subaddress, D.toBytes(), C.toBytes());
}

/** m of subaddress (0, index): Hs("SubAddr\0" || a || u32le(0) || u32le(index)). */
function subaddressTweak(privateViewKey: Uint8Array, index: number): bigint {
  return hashToScalar(utf8ToBytes('SubAddr\0'), privateViewKey, u32le(0), u32le(index));
}

/**
 * Treasury side: the private spend scalar of subaddress (0, index), b + m mod L (b itself for the
 * primary address), whose public key is the spend key D written in that address.
 */
export function moneroSpendScalar(account: MoneroAccount, index: number): bigint {
  assertIndex(index);
  const spend = bytesToNumberLE(account.spendSecret);
  return index === 0 ? spend : modL(spend + subaddressTweak(account.viewSecret, index));
}

/** The public spend key (32 bytes) written in a standard, subaddress or integrated address. */
export function moneroAddressSpendKey(address: string): Uint8Array {
  const bytes = base58xmr.decode(address);
  if (bytes.length !== 69 && bytes.length !== 77) throw new Error('not a Monero address');
  const body = bytes.subarray(0, bytes.length - 4);
  if (!equalBytes(keccak_256(body).subarray(0, 4), bytes.subarray(body.length)))
    throw new Error('Monero address checksum mismatch');
  return bytes.slice(1, 33);
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function encodeAddress(prefix: number, spendKey: Uint8Array, viewKey: Uint8Array): string {
  // Every prefix used here is below 0x80, so its varint is the single byte.
  const body = concatBytes(new Uint8Array([prefix]), spendKey, viewKey);
  return base58xmr.encode(concatBytes(body, keccak_256(body).subarray(0, 4)));
}
