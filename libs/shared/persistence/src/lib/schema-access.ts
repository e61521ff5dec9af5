import type { Client } from 'pg';
import { ConfigError } from '@swap/service-kit';

/** Every service reads its database from this variable; a role that cannot work is a setting to fix. */
const VARIABLE = 'DATABASE_URL';
const SEE = `see the README's "Database roles"`;

// PostgreSQL's answers to a login it refuses: a wrong password, no such role or database, no
// CONNECT right, no pg_hba line. Anything else (the server away) is not a setting.
const REFUSED_LOGIN = new Set(['28P01', '28000', '3D000', '42501']);

/** Connects `client`; a login PostgreSQL refuses throws a ConfigError naming DATABASE_URL. */
export async function connectAsRole(client: Client): Promise<void> {
  try {
    await client.connect();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && REFUSED_LOGIN.has(code))
      throw new ConfigError([`${VARIABLE}: PostgreSQL refused the login: ${(err as Error).message}`]);
    throw err;
  }
}

/**
 * Before migrating: the service's role can work in `schema`. A missing schema is created when the
 * role may (a database of its own, tests); otherwise the schema must be usable by the role and
 * what is in it owned by the role, or the service stops with what to fix rather than failing in
 * its first migration or query.
 */
export async function checkSchemaAccess(client: Client, schema: string): Promise<void> {
  const { rows } = await client.query<{ role: string; owner: string | null; usable: boolean | null }>(
    `SELECT current_user AS role, pg_get_userbyid(n.nspowner) AS owner,
       has_schema_privilege(n.oid, 'USAGE') AND has_schema_privilege(n.oid, 'CREATE') AS usable
     FROM (SELECT 1) AS one LEFT JOIN pg_namespace n ON n.nspname = $1`,
    [schema],
  );
  const { role, owner, usable } = rows[0];
  if (owner === null) return createSchema(client, schema, role);
  if (!usable)
    throw new ConfigError([
      `${VARIABLE}: role "${role}" may not use schema "${schema}", which belongs to "${owner}": connect as the schema's own role (${SEE})`,
    ]);
  const foreign = await client.query<{ n: number; owners: string }>(
    `SELECT count(*)::int AS n, string_agg(DISTINCT pg_get_userbyid(c.relowner), ', ') AS owners
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
       AND NOT pg_has_role(c.relowner, 'USAGE')`,
    [schema],
  );
  const { n, owners } = foreign.rows[0];
  if (n > 0)
    throw new ConfigError([
      `${VARIABLE}: role "${role}" does not own ${n} tables or sequences of schema "${schema}" (they belong to ${owners}): give them to it (${SEE})`,
    ]);
}

async function createSchema(client: Client, schema: string, role: string): Promise<void> {
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${client.escapeIdentifier(schema)}`);
  } catch (err) {
    if ((err as { code?: unknown }).code !== '42501') throw err;
    throw new ConfigError([
      `${VARIABLE}: schema "${schema}" does not exist and role "${role}" may not create it: create it for the role (CREATE SCHEMA ${schema} AUTHORIZATION ${role}; ${SEE})`,
    ]);
  }
}
