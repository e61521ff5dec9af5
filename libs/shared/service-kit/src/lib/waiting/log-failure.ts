import type { Logger } from '@swap/domain';
import { unavailability } from './unavailable';

/**
 * Logs a failed piece of work that will be tried again (a pass, a handler, a query): a dependency
 * away (a node, NATS or PostgreSQL restarting) is expected, so it is one warning without a stack,
 * naming what is away (the logger writes one a minute per cause); anything else is an error with
 * its stack.
 */
export function logFailure(logger: Logger, err: unknown, message: string, details: object = {}): void {
  const away = unavailability(err);
  if (!away) {
    logger.error({ ...details, err }, message);
    return;
  }
  logger.warn(
    { ...details, ...away },
    `${message}: ${away.dependency ?? 'a dependency'} away (${away.reason})`,
  );
}
