import { Bus } from '@swap/bus';
import { noncesKv } from '@swap/contracts';
import { NonceStore } from './authenticate.use-case';

/** Nonces in a JetStream KV bucket (TTL 10 minutes, D2): an atomic create is refused on every replica. */
export class KvNonceStore implements NonceStore {
  constructor(private readonly bus: Bus) {}

  async claim(apiKey: string, nonce: string): Promise<boolean> {
    const store = await this.bus.kv(noncesKv);
    return store.claim(`${apiKey}.${nonce}`, { at: Date.now() });
  }
}
