import {
  ClosedConnectionError,
  DrainingConnectionError,
  RequestError,
  TimeoutError,
} from '@nats-io/nats-core';

export type UnavailableReason = 'timeout' | 'no-responders' | 'disconnected';

/** Nobody answered in time (or the connection is down): the caller may retry or report 503. */
export class BusUnavailableError extends Error {
  override readonly name = 'BusUnavailableError';

  constructor(
    readonly subject: string,
    readonly reason: UnavailableReason,
    options?: ErrorOptions,
  ) {
    super(`bus unavailable on ${subject}: ${reason}`, options);
  }
}

/** A message does not satisfy its contract (schema, encoding or version). */
export class BusContractError extends Error {
  override readonly name: string = 'BusContractError';

  constructor(
    readonly contract: string,
    detail: string,
  ) {
    super(`${contract}: ${detail}`);
  }
}

/** The sender speaks a newer major version of the contract than this process knows. */
export class BusVersionError extends BusContractError {
  override readonly name = 'BusVersionError';

  constructor(contract: string, received: number, supported: number) {
    super(contract, `message version ${received} is newer than supported version ${supported}`);
  }
}

/** Maps the NATS client's request failures onto BusUnavailableError; anything else is rethrown as is. */
export function toUnavailable(subject: string, err: unknown): unknown {
  if (err instanceof TimeoutError) return new BusUnavailableError(subject, 'timeout', { cause: err });
  if (err instanceof RequestError) {
    const reason = err.isNoResponders() ? 'no-responders' : 'disconnected';
    return new BusUnavailableError(subject, reason, { cause: err });
  }
  if (err instanceof ClosedConnectionError || err instanceof DrainingConnectionError) {
    return new BusUnavailableError(subject, 'disconnected', { cause: err });
  }
  return err;
}
