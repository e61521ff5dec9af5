import { join } from 'node:path';
import { Client } from 'pg';
import { initPasswordCluster } from '@swap/embedded-postgres';
import { startEmbeddedPostgres } from '../../../apps/launcher/src/embedded-postgres';
import { environmentOf } from './compose-file';
import { type Project, temporaryDir } from './compose-project';

export interface ComposePostgres {
  /** Where it listens (host:port), for the compose file's `postgres:5432`. */
  host: string;
  stop(): Promise<void>;
}

/**
 * The project's `postgres` service on this machine: a cluster of the embedded binaries whose
 * POSTGRES_USER is a superuser with the password init made, owning POSTGRES_DB, as the postgres
 * image makes its own on a new volume.
 */
export async function startComposePostgres(project: Project): Promise<ComposePostgres> {
  const server = await startEmbeddedPostgres(
    join(temporaryDir('compose-postgres-'), 'data'),
    initPasswordCluster,
  );
  const { POSTGRES_USER: user, POSTGRES_DB: database } = environmentOf(project.service('postgres'), {});
  const admin = new Client({ connectionString: server.url });
  await admin.connect();
  try {
    const name = admin.escapeIdentifier(user);
    await admin.query(
      `CREATE ROLE ${name} SUPERUSER LOGIN PASSWORD ${admin.escapeLiteral(project.postgresPassword())}`,
    );
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    const db = admin.escapeIdentifier(database);
    await admin.query(
      found.rowCount ? `ALTER DATABASE ${db} OWNER TO ${name}` : `CREATE DATABASE ${db} OWNER ${name}`,
    );
  } finally {
    await admin.end();
  }
  return { host: new URL(server.url).host, stop: server.stop };
}
