import type { AddressSigner } from '@swap/chain';
import type { Network } from '@swap/domain';

/** Derives the signer of account/0/index on a network from the BIP39 seed (D11). */
export type SignerFactory = (seed: Uint8Array, network: Network, index: number) => AddressSigner;

export const HOT_WALLET_INDEX = 0;

/** Deposit-address signers kept: a sweep asks for its address's signer twice (ownership, then signing). */
const RECENT_SIGNERS = 256;

/**
 * The only holder of key material in the system. Index 0 of each network is its hot wallet;
 * deposit addresses are indices ≥ 1. The seed is a private field: it never reaches a log or a
 * JSON document, and signers are handed out, never keys.
 */
export class TreasuryKeys {
  readonly #seed: Uint8Array;
  readonly #hot = new Map<Network, AddressSigner>();
  readonly #recent = new Map<string, AddressSigner>();

  constructor(
    seed: Uint8Array,
    private readonly derive: SignerFactory,
  ) {
    this.#seed = seed;
  }

  signer(network: Network, index: number): AddressSigner {
    if (index !== HOT_WALLET_INDEX) return this.depositSigner(network, index);
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

  /** Derived on demand; the most recently used few are kept (a Map iterates oldest first). */
  private depositSigner(network: Network, index: number): AddressSigner {
    const key = `${network}:${index}`;
    const kept = this.#recent.get(key);
    if (kept) {
      this.#recent.delete(key);
      this.#recent.set(key, kept);
      return kept;
    }
    const signer = this.derive(this.#seed, network, index);
    this.#recent.set(key, signer);
    if (this.#recent.size > RECENT_SIGNERS) this.#recent.delete(this.#recent.keys().next().value as string);
    return signer;
  }
}
