import { Bus } from '@swap/bus';
import { noncesKv } from '@swap/contracts';
import { NonceStore } from './authenticate.use-case';

/** The nonce bucket could not be reached: whether the nonce is fresh is unknown (503, retry). */
export class NonceStoreUnavailableError extends Error {
  override readonly name = 'NonceStoreUnavailableError';

  constructor(cause: unknown) {
    super(`the nonce store is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** Nonces in a JetStream KV bucket (TTL 10 minutes, D2): an atomic create is refused on every replica. */
export class KvNonceStore implements NonceStore {
  constructor(private readonly bus: Bus) {}

  async claim(apiKey: string, nonce: string): Promise<boolean> {
    try {
      const store = await this.bus.kv(noncesKv);
      return await store.claim(`${apiKey}.${nonce}`, { at: Date.now() });
    } catch (err) {
      throw new NonceStoreUnavailableError(err);
    }
  }
}
