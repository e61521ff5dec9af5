import type { Network } from '@swap/domain';

/**
 * Account-level derivation paths (D11). Deposit addresses are account/0/index for the BIP32
 * networks; SOL and XMR derive children from the account with their own schemes.
 * AVAX takes its own account (1') rather than ETH's: an ETH deposit address then never equals an
 * AVAX one, so a deposit sent on the wrong EVM chain is never credited to another swap.
 */
export const ACCOUNT_PATHS: Readonly<Record<Network, string>> = {
  BTC: "m/84'/0'/0'",
  LTC: "m/84'/2'/0'",
  ETH: "m/44'/60'/0'",
  AVAX: "m/44'/60'/1'",
  TRX: "m/44'/195'/0'",
  /** SLIP-0010 ed25519 (hardened only). */
  SOL: "m/44'/501'/0'",
  /** A secp256k1 BIP32 node whose private key is hashed into the Monero spend secret. */
  XMR: "m/44'/128'/0'",
};

export type Bip32Network = 'BTC' | 'LTC' | 'ETH' | 'AVAX' | 'TRX';
export const BIP32_NETWORKS: readonly Bip32Network[] = ['BTC', 'LTC', 'ETH', 'AVAX', 'TRX'];

export type Chain = 'mainnet' | 'testnet' | 'regtest';

/** Child indices stay below 2^31: BIP32 public (non-hardened) derivation cannot go higher. */
export function assertIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 0x80000000) {
    throw new RangeError(`derivation index must be an integer in [0, 2^31), got ${index}`);
  }
}
