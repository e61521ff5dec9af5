import * as pg from 'pg';
import type { Logger } from '@swap/domain';

/**
 * The `pg` driver for TypeORM, with a pool whose every connection has an 'error' listener for its
 * whole life. pg-pool listens on a connection only while it is idle, and TypeORM adds none while
 * a query runner holds it: a server that ends the session between two statements of a held
 * connection (PostgreSQL's restart sends 57P01 "terminating connection due to administrator
 * command") then emits 'error' with no listener, which Node throws as an uncaught exception and
 * the service dies (issue 32's restarts: a watcher that never came back). With the listener, the
 * connection is only marked broken: its pending and next queries fail, which the callers already
 * treat as the database away, and the pool drops it when it is released.
 */
export function pgDriverFor(logger: Logger | undefined): typeof pg {
  class ListeningPool extends pg.Pool {
    constructor(config?: pg.PoolConfig) {
      super(config);
      this.on('connect', (client) => {
        client.on('error', (err: Error) => {
          logger?.warn({ reason: err.message }, 'a database connection failed while in use; it is dropped');
        });
      });
    }
  }
  // The module's own exports stay reachable (types, defaults) through the prototype; only Pool differs.
  return Object.create(pg, { Pool: { value: ListeningPool, enumerable: true } }) as typeof pg;
}
