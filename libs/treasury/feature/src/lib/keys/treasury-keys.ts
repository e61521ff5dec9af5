import type { AddressSigner, SenderKeys } from '@swap/chain';
import type { KeySource } from '@swap/chain-keys';
import type { Network } from '@swap/domain';

export const HOT_WALLET_INDEX = 0;

/** Deposit-address signers kept: a sweep asks for its address's signer twice (ownership, then signing). */
const RECENT_SIGNERS = 256;

/**
 * The only holder of key material in the system. Index 0 of each network is its hot wallet;
 * deposit addresses are indices ≥ 1. The key source (the seed or the xprvs) is a private field: it
 * never reaches a log or a JSON document, and signers are handed out, never keys.
 */
export class TreasuryKeys {
  readonly #source: KeySource;
  readonly #hot = new Map<Network, AddressSigner>();
  readonly #recent = new Map<string, AddressSigner>();

  constructor(source: KeySource) {
    this.#source = source;
  }

  /** What a real node's sender of `network` gets: signers by index, the account public key. */
  senderKeys(network: Network): SenderKeys {
    return {
      signer: (index) => this.signer(network, index),
      accountPublic: this.#source.accountPublic(network),
      moneroWallet: () => this.#source.moneroWallet(),
    };
  }

  signer(network: Network, index: number): AddressSigner {
    if (index !== HOT_WALLET_INDEX) return this.depositSigner(network, index);
    let hot = this.#hot.get(network);
    if (!hot) {
      hot = this.#source.key(network, HOT_WALLET_INDEX);
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
    const signer = this.#source.key(network, index);
    this.#recent.set(key, signer);
    if (this.#recent.size > RECENT_SIGNERS) this.#recent.delete(this.#recent.keys().next().value as string);
    return signer;
  }
}
