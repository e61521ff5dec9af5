import { BusContractError, BusUnavailableError } from '@swap/bus';
import { CliError, EXIT } from './cli-error';

/** How long swapctl waits for a service's reply before saying it is not answering. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** A bus failure of one request as the operator's error: which service, and what to check. */
export function explainBusError(service: string, url: string, err: unknown): unknown {
  if (err instanceof BusUnavailableError) {
    const message =
      err.reason === 'timeout'
        ? `the ${service} is not answering on the bus at ${url} (no reply within ${REQUEST_TIMEOUT_MS / 1000} s): is the service running?`
        : `the ${service} is not reachable on the bus at ${url}: is the service running?`;
    return new CliError('SERVICE_UNREACHABLE', message, EXIT.unreachable);
  }
  if (err instanceof BusContractError) {
    // Our own request failing its schema is an input the argument checks let through.
    const ours = err.contract.endsWith(' request');
    return ours
      ? new CliError('INVALID_ARGUMENT', err.message, EXIT.usage)
      : new CliError('BAD_REPLY', `the ${service} sent a reply swapctl does not understand: ${err.message}`);
  }
  return err;
}

/** The service did not answer (down, absent from this deployment, or too slow): not a refusal. */
export const isUnreachable = (err: unknown): boolean =>
  err instanceof CliError && err.code === 'SERVICE_UNREACHABLE';
