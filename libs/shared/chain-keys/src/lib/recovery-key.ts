import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';
import type { Network } from '@swap/domain';
import { childPrivateKey } from './account-keys';
import { addressKey } from './address-key';
import { numberToBytesLE } from './bytes';
import { moneroAccount, moneroSpendScalar } from './monero-keys';
import { ACCOUNT_PATHS, type Chain } from './paths';
import { solanaAccount, solanaChildScalar } from './solana-keys';

/** The private key behind one address of the treasury, as an operator restores it elsewhere. */
export interface RecoveryKey {
  network: Network;
  index: number;
  /** How the key is derived from the seed, in words a wallet's import dialog can follow. */
  derivation: string;
  address: string;
  /** Hex; what `format` says. */
  privateKey: string;
  format: 'secp256k1' | 'ed25519-scalar' | 'monero-spend-key';
  /** BTC and LTC: the key in wallet import format (compressed), for Bitcoin Core or Electrum. */
  wif?: string;
}

const WIF_VERSION: Readonly<Record<'BTC' | 'LTC', Record<Chain, number>>> = {
  BTC: { mainnet: 0x80, testnet: 0xef, regtest: 0xef },
  LTC: { mainnet: 0xb0, testnet: 0xef, regtest: 0xef },
};

const base58check = createBase58check(sha256);

/**
 * Disaster recovery: the key of address `index` of `network`, derived offline from the treasury's
 * seed (index 0 is the hot wallet). BIP32 networks give the child's secp256k1 key (m/…/0/index),
 * importable in any wallet of the chain. A SOL deposit key is the raw ed25519 scalar (a + t) of the
 * additive child (see solana-keys.ts): standard wallets import seeds, not scalars, so it signs
 * with @swap/chain-keys' scalarSigner. An XMR key is the subaddress's spend key (with the
 * account's view key, a wallet restored from keys spends it).
 */
export function recoveryKey(
  seed: Uint8Array,
  network: Network,
  index: number,
  chain: Chain = 'mainnet',
): RecoveryKey {
  const { address } = addressKey(seed, network, index, chain);
  switch (network) {
    case 'SOL': {
      const scalar = solanaChildScalar(solanaAccount(seed), index);
      const derivation = `SLIP-0010 ${ACCOUNT_PATHS.SOL}, then the additive child ${index} (scalar a + t, little-endian)`;
      return {
        network,
        index,
        derivation,
        address,
        privateKey: bytesToHex(numberToBytesLE(scalar)),
        format: 'ed25519-scalar',
      };
    }
    case 'XMR': {
      const spend = moneroSpendScalar(moneroAccount(seed), index);
      const derivation = `spend key of subaddress (0, ${index}) of the account at ${ACCOUNT_PATHS.XMR}`;
      return {
        network,
        index,
        derivation,
        address,
        privateKey: bytesToHex(numberToBytesLE(spend)),
        format: 'monero-spend-key',
      };
    }
    default: {
      const key = childPrivateKey(seed, network, index);
      const derivation = `BIP32 ${ACCOUNT_PATHS[network]}/0/${index}`;
      const recovery: RecoveryKey = {
        network,
        index,
        derivation,
        address,
        privateKey: bytesToHex(key),
        format: 'secp256k1',
      };
      if (network === 'BTC' || network === 'LTC')
        recovery.wif = base58check.encode(
          concatBytes(new Uint8Array([WIF_VERSION[network][chain]]), key, new Uint8Array([1])),
        );
      return recovery;
    }
  }
}
