import type { AddressSigner } from '@swap/chain';
import type { Network } from '@swap/domain';

/** Derives the signer of account/0/index on a network from the BIP39 seed (D11). */
export type SignerFactory = (seed: Uint8Array, network: Network, index: number) => AddressSigner;

export const HOT_WALLET_INDEX = 0;

/**
 * The only holder of key material in the system. Index 0 of each network is its hot wallet;
 * deposit addresses are indices ≥ 1. The seed is a private field: it never reaches a log or a
 * JSON document, and signers are handed out, never keys.
 */
export class TreasuryKeys {
  readonly #seed: Uint8Array;
  readonly #hot = new Map<Network, AddressSigner>();

  constructor(
    seed: Uint8Array,
    private readonly derive: SignerFactory,
  ) {
    this.#seed = seed;
  }

  signer(network: Network, index: number): AddressSigner {
    if (index !== HOT_WALLET_INDEX) return this.derive(this.#seed, network, index);
    let hot = this.#hot.get(network);
    if (!hot) {
      hot = this.derive(this.#seed, network, HOT_WALLET_INDEX);
      this.#hot.set(network, hot);
    }
    return hot;
  }

  hotAddress(network: Network): string {
    return this.signer(network, HOT_WALLET_INDEX).address;
  }

  toJSON(): string {
    return '[TreasuryKeys]';
  }
}
