import { Bus } from '@swap/bus';
import { nonceMsgId, nonceUsed } from '@swap/contracts';
import { NonceStore } from './authenticate.use-case';

/** The nonce stream could not be reached: whether the nonce is fresh is unknown (503, retry). */
export class NonceStoreUnavailableError extends Error {
  override readonly name = 'NonceStoreUnavailableError';

  constructor(cause: unknown) {
    super(`the nonce store is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * Nonces on the GATEWAY_NONCES stream (D2): a nonce is claimed by publishing it with its key and
 * nonce as the message id; the stream stores the first and answers every repeat within its
 * 10-minute window as a duplicate, whichever replica sends it.
 */
export class StreamNonceStore implements NonceStore {
  constructor(private readonly bus: Bus) {}

  async claim(apiKey: string, nonce: string): Promise<boolean> {
    try {
      const { duplicate } = await this.bus.publishBatched(
        nonceUsed,
        [],
        { at: Date.now() },
        { msgId: nonceMsgId(apiKey, nonce) },
      );
      return !duplicate;
    } catch (err) {
      throw new NonceStoreUnavailableError(err);
    }
  }
}
