import type { Envelope, SwapOrder } from './types';

/** An HTTP error answer of the API: the status and the envelope it carried. */
export class SwapApiError extends Error {
  override readonly name = 'SwapApiError';

  constructor(
    readonly status: number,
    readonly envelope: Envelope<unknown>,
    /** On 429: the seconds the server asked to wait (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${envelope.msg}`);
  }
}

/** waitFor gave up: its time ran out, or the swap ended in a status it was not waiting for. */
export class SwapWaitError extends Error {
  override readonly name = 'SwapWaitError';

  constructor(
    message: string,
    /** The swap as last seen, if it was seen at all. */
    readonly last: SwapOrder | undefined,
  ) {
    super(message);
  }
}

/** A webhook delivery that is not authentic, too old, or not an event (verifyWebhook). */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}
